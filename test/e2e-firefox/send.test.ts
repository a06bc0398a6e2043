/**
 * Send to in Firefox: Lever saved on the options page at its own address (https://api.lever.co, which the test proxy
 * tunnels to the local Lever over TLS), Firefox's own prompt for that origin answered "Allow", the key kept in the
 * add-on's own IndexedDB; a profile revealed in the popup and sent to it, and the popup's mark "In Lever".
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { LEVER_KEY } from '../../sim/destinations/lever';
import { startDestinations } from '../../sim/destinations/serve';
import { buttonXpath, type Driver } from './driver';
import { expect, test } from './fixtures';
import { answerPrompt } from './permission-prompt';

const ADA = DEMO_PROFILES.full;

/** Adds Lever on the options page as a recruiter does: its key, no address, and Lever's site allowed when asked. */
async function addLever(ff: Driver): Promise<void> {
  await ff.clickButton('Add Lever');
  await ff.fillLabelled('Lever API key', LEVER_KEY);
  await ff.clickButton('Check the key');
  expect(await answerPrompt(ff, true)).toContain('api.lever.co');
  await ff.until('Lever users to be listed', () => ff.isEnabled({ xpath: buttonXpath('Check and save') }));
  await ff.clickButton('Check and save');
  await ff.textMatching('[data-testid=destination-lever]', /Lever/);
}

test('a profile revealed in the popup is sent to Lever and marked "In Lever"', async ({
  connect,
  openTab,
  openExtensionPage,
  ff,
  site,
  inExtension,
}) => {
  const fakes = await startDestinations();
  site.forward('api.lever.co', fakes.lever.url);
  try {
    await connect();
    await addLever(ff);
    const granted = await inExtension<{ origins: string[] }>('return browser.permissions.getAll()');
    expect(granted.origins).toContain('https://api.lever.co/*');

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
