import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { test as base, expect } from './fixtures';
import { expectFitsAccessible } from './popup-checks';

const ADA = DEMO_PROFILES.full;
const PHONE = ADA.phone_number!;
const DOWN = "Can't reach the candidate service right now";

/** Adds `openAdaPopup`: Ada's LinkedIn profile in a tab, then the popup for that tab. */
const test = base.extend<{ openAdaPopup: () => Promise<Page> }>({
  openAdaPopup: async ({ context, openExtensionPage, tabIdOf }, use) => {
    await use(async () => {
      const profile = await context.newPage();
      await profile.goto(`${ADA.social_url}/`);
      const popup = await openExtensionPage(`popup.html?tabId=${await tabIdOf(profile)}`);
      await expect(popup.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
      return popup;
    });
  },
});

/** Ticks the mobile phone alone (the default selection is the email). */
async function choosePhoneOnly(popup: Page): Promise<void> {
  await popup.getByLabel('Personal email').uncheck();
  await popup.getByLabel('Mobile phone').check();
  await expect(popup.getByTestId('max-cost')).toContainText('Costs at most 6 credits');
}

test('the service down when the popup opens: said before any click, nothing paid offered, Retry once it is back', async ({
  openAdaPopup,
  connect,
  sim,
}) => {
  await connect();
  await sim.admin('faults', { down: true });
  const popup = await openAdaPopup();
  const notice = popup.getByTestId('service-down');
  await expect(notice).toContainText(DOWN);
  const reveal = popup.getByRole('button', { name: 'Reveal', exact: true });
  await expect(reveal).toBeDisabled();
  // The notice is the reason, said once: the button names it rather than repeating it.
  await expect(reveal).toHaveAttribute('aria-describedby', 'service-down');
  await expect(popup.getByText(DOWN)).toHaveCount(1);
  // The stored balance says when it was true.
  await expect(popup.getByTestId('balance')).toContainText(/Balance: 10,000 credits as of/);
  await expectFitsAccessible(popup, 'the service out of reach on opening');

  // Retry while it is still down: still said, still nothing paid.
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(notice.getByRole('button', { name: 'Retry' })).toBeEnabled({ timeout: 15_000 });
  await expect(reveal).toBeDisabled();

  await sim.admin('faults', { down: false });
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(popup.getByTestId('service-down')).toHaveCount(0);
  await expect(reveal).toBeEnabled();
  await reveal.click();
  await expect(popup.getByText('Revealed just now')).toBeVisible();
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
});

test('the service going down mid-reveal and coming back: never shown as a charge; the note settles and Reveal is offered again', async ({
  openAdaPopup,
  connect,
  sim,
}) => {
  await connect();
  const popup = await openAdaPopup();
  await choosePhoneOnly(popup);
  const reveal = popup.getByRole('button', { name: 'Reveal', exact: true });
  await expect(reveal).toBeEnabled();
  await sim.admin('faults', { down: true });
  await reveal.click();

  // What is known: no answer, and nothing known to be charged; the service out of reach, with Retry.
  const note = popup.getByTestId('cut-off');
  await expect(note).toContainText('The last reveal got no answer');
  await expect(note).toContainText('Nothing is known to be charged for the reveal of mobile phone');
  await expect(popup.getByTestId('service-down')).toContainText(DOWN);
  // Nothing to click until the service answers: Reveal names the notice as its reason; no "Reveal again" yet.
  await expect(popup.getByRole('button', { name: /Reveal again/ })).toHaveCount(0);
  await expect(reveal).toBeDisabled();
  await expect(reveal).toHaveAttribute('aria-describedby', 'service-down');
  await expect(popup.getByText(/may have (been )?charged/i)).toHaveCount(0);
  await expectFitsAccessible(popup, 'a reveal cut off by the service going down');

  await sim.admin('faults', { down: false });
  await popup.getByTestId('service-down').getByRole('button', { name: 'Retry' }).click();
  await expect(popup.getByTestId('service-down')).toHaveCount(0);
  // Settled once the service could no longer be finishing the call: said once, quietly; Reveal is back.
  await expect(note).toContainText('The reveal of mobile phone was not charged.', { timeout: 30_000 });
  await expect(note).toHaveAttribute('role', 'status');
  await expect(popup.getByRole('button', { name: /Reveal again/ })).toHaveCount(0);
  await expect(reveal).toBeEnabled();
  await expectFitsAccessible(popup, 'a cut-off reveal settled: not charged');
  await reveal.click();
  await expect(popup.getByRole('link', { name: PHONE })).toBeVisible();
  await expect(popup.getByTestId('charged')).toContainText('Charged 6 ·');
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  expect(await sim.balance()).toBe(9_994);
});
