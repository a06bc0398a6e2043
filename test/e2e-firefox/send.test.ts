/**
 * Send to in Firefox: a destination saved on the options page (the local Lever, its key kept in the add-on's own
 * IndexedDB), a profile revealed in the popup and sent to it, and the popup's mark "In Lever".
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { startDestinations } from '../../sim/destinations/serve';
import { buttonXpath, type Driver } from './driver';
import { expect, test } from './fixtures';
import { allowIfAsked } from './permission-prompt';

const ADA = DEMO_PROFILES.full;

/** Adds Lever on the options page, pointed at the local Lever, as a recruiter does. */
async function addLever(ff: Driver, address: string): Promise<void> {
  await ff.clickButton('Add Lever');
  await ff.fillLabelled('Lever API key', LEVER_KEY);
  await ff.click({ xpath: '//summary[normalize-space(.)="Advanced: a different address"]' });
  await ff.fillLabelled('Server address', address);
  await ff.clickButton('Check the key');
  // Firefox asks for the address with its port, though the build holds loopback on any port.
  await allowIfAsked(ff, 3_000);
  await ff.until('Lever users to be listed', () => ff.isEnabled({ xpath: buttonXpath('Check and save') }));
  await ff.clickButton('Check and save');
  await ff.textMatching('[data-testid=destination-lever]', /Lever/);
}

test('a profile revealed in the popup is sent to Lever and marked "In Lever"', async ({
  connect,
  openTab,
  openExtensionPage,
  ff,
}) => {
  const fakes = await startDestinations();
  try {
    await connect();
    await addLever(ff, fakes.lever.url);

    const profile = await openTab(`${ADA.social_url}/`);
    await openExtensionPage(`popup.html?tabId=${profile.tabId}`);
    await ff.textMatching('.profile h2', /^Ada Lovelace$/);
    await ff.until('Reveal to be enabled', () => ff.isEnabled({ xpath: buttonXpath('Reveal') }));
    await ff.clickButton('Reveal');
    await ff.textMatching('[data-testid=charged]', /Charged 3 ·/);

    await ff.textMatching('[data-testid=send-to]', /Free: no credits\./);
    await ff.clickButton('Send to Lever');
    await ff.textMatching('[data-testid=send-to] [role=status]', /^Added to Lever\.$/);
    const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
    expect(await ff.text('[data-testid=send-to] a.sent-mark')).toBe(`In Lever · ${today}`);
    expect(fakes.lever.opportunities).toMatchObject([
      { name: ADA.name, emails: [ADA.personal_email], links: [ADA.social_url], sources: ['Candidate Lens'] },
    ]);
  } finally {
    await fakes.close();
  }
});
