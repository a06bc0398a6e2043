/** Reveal from the popup in Firefox: the cost before, the charge after, the badge, and never paying twice. */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { buttonXpath } from './driver';
import { expect, test } from './fixtures';

const ADA = DEMO_PROFILES.full;

test('shows the cost before and the charge after; a second reveal of the same profile sends nothing', async ({
  connect,
  openTab,
  openExtensionPage,
  inExtension,
  ff,
  sim,
}) => {
  await connect();
  const profile = await openTab(`${ADA.social_url}/`);
  // The popup learns its profile from `?tabId=` when opened as a page (src/ui/popup/model.ts).
  await openExtensionPage(`popup.html?tabId=${profile.tabId}`);
  await ff.textMatching('.profile h2', /^Ada Lovelace$/);
  expect(await ff.text('[data-testid=reveal-status]')).toBe('Not revealed yet');
  await ff.textMatching('[data-testid=balance]', /^Balance: 10,000 credits$/);
  expect(await ff.text('[data-testid=max-cost]')).toContain('Costs at most 3 credits');

  await ff.click({ xpath: '//label[contains(., "Mobile phone")]/input' });
  await ff.textMatching('[data-testid=max-cost]', /Costs at most 9 credits/);
  // Enabled once the balance, asked again on opening, covers the most it can cost.
  await ff.until('Reveal to be enabled', () => ff.isEnabled({ xpath: buttonXpath('Reveal') }));
  await ff.clickButton('Reveal');

  await ff.textMatching('[data-testid=charged]', /Charged 9 ·/);
  expect(await ff.attribute(`a[href="mailto:${ADA.personal_email}"]`, 'href')).toBe(
    `mailto:${ADA.personal_email}`,
  );
  expect(await ff.text(`a[href^="tel:"]`)).toBe(ADA.phone_number);
  await ff.textMatching('[data-testid=balance]', /^Balance 9,991$/);
  expect(await sim.balance()).toBe(9991);
  const lookups = await sim.requests('/v1/lookup');
  expect(lookups.map((r) => r.body)).toEqual([
    { social_url: ADA.social_url, reveal_personal_email: true, reveal_phone: true },
  ]);
  // The toolbar badge of the profile's tab says its contacts are revealed.
  await ff.until('the badge to show ✓', () =>
    inExtension<boolean>(
      'return browser.browserAction.getBadgeText({ tabId: arguments[0] }).then((text) => text === "✓")',
      profile.tabId,
    ),
  );

  // The popup opened again on the same profile: held, and what is left is one priced button per item (held items
  // are not offered again).
  await ff.closeTab();
  await openExtensionPage(`popup.html?tabId=${profile.tabId}`);
  await ff.textMatching('[data-testid=reveal-status]', /^Revealed (just now|1 minute ago)$/);
  await ff.textMatching(
    '[data-testid=more-to-reveal]',
    /^Add detailed profile · 1 credit\s*Add healthcare data · 1 credit$/,
  );
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
});
