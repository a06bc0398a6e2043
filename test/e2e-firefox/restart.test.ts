/** A contact revealed in Firefox is still held after the browser quits and starts again: its database is on disk. */
import { join } from 'node:path';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { buttonXpath } from './driver';
import { findFirefox, launchFirefox } from './firefox';
import { EXTENSION_ORIGIN, EXTENSION_PATH, expect, firefoxPrefs, geckoId, test } from './fixtures';

const ADA = DEMO_PROFILES.full;

test('a revealed contact is held after Firefox quits and starts again, and is not paid for again', async ({
  connect,
  openTab,
  openExtensionPage,
  ff,
  firefox,
  sim,
  site,
  workDir,
}) => {
  await connect();
  const profile = await openTab(`${ADA.social_url}/`);
  await openExtensionPage(`popup.html?tabId=${profile.tabId}`);
  await ff.textMatching('[data-testid=reveal-status]', /^Not revealed yet$/);
  await ff.until('Reveal to be enabled', () => ff.isEnabled({ xpath: buttonXpath('Reveal') }));
  await ff.clickButton('Reveal');
  await ff.textMatching('[data-testid=charged]', /Charged 3 ·/);
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  await firefox.stop();
  expect(firefox.errors(), 'no JavaScript or console errors in the first Firefox').toEqual([]);
  firefox.acceptErrors();

  // The same profile, the add-on installed again (as an update would find it).
  const again = await launchFirefox({
    binary: findFirefox()!,
    profileDir: join(workDir, 'profile'),
    prefs: firefoxPrefs({
      addonId: geckoId(),
      proxyPort: site.port,
      downloadDir: join(workDir, 'downloads'),
    }),
  });
  try {
    const driver = again.driver;
    await driver.command('Addon:Install', { path: EXTENSION_PATH, temporary: true });
    await driver.openTab(`${EXTENSION_ORIGIN}/contacts.html`);
    await driver.textMatching('[data-testid=library-counts]', /^1 contact · 1 with email/);
    await driver.textMatching('.library-row .library-name', /^Ada Lovelace$/);
    expect(await driver.text('.library-row .library-value')).toBe(ADA.personal_email);
    expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  } finally {
    await again.stop();
  }
  expect(again.errors(), 'no JavaScript or console errors after the restart').toEqual([]);
});
