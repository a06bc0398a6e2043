import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { test as base, expect, stopServiceWorker } from './fixtures';
import { firstRun, launchProfile, withProfileDir } from './restart';

const ADA = DEMO_PROFILES.full;
const PHONE = ADA.phone_number!;

/** Adds `openAdaPopup`: Ada's LinkedIn profile in a tab, then the popup for that tab. */
const test = base.extend<{ openAdaPopup: () => Promise<{ popup: Page; tabId: number }> }>({
  openAdaPopup: async ({ context, openExtensionPage, tabIdOf }, use) => {
    await use(async () => {
      const profile = await context.newPage();
      await profile.goto(`${ADA.social_url}/`);
      const tabId = await tabIdOf(profile);
      const popup = await openExtensionPage(`popup.html?tabId=${tabId}`);
      await expect(popup.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
      return { popup, tabId };
    });
  },
});

/** Ticks the mobile phone alone (the default selection is the email). */
async function choosePhoneOnly(popup: Page): Promise<void> {
  await popup.getByLabel('Personal email').uncheck();
  await popup.getByLabel('Mobile phone').check();
  await expect(popup.getByTestId('max-cost')).toContainText('Costs at most 6 credits');
}

/** Charged, and the phone still not held: the answer was lost, said with its price and what asking again costs. */
const CHARGED =
  'The last reveal was cut offPaid 6 credits; the answer never arrived. Asking again costs up to 6 more.';

test('a reveal cut off by a stopped worker is never shown running; its charge is checked, said once, and Reveal is offered again at its price', async ({
  openAdaPopup,
  openExtensionPage,
  connect,
  context,
  sim,
}) => {
  await connect();
  const { popup, tabId } = await openAdaPopup();
  await choosePhoneOnly(popup);
  await sim.admin('faults', { latencyMs: 3000, path: '/v1/lookup' });
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(popup.getByText('Revealing mobile phone…')).toBeVisible();
  await expect.poll(async () => (await sim.requests('/v1/lookup')).length).toBe(1);
  await popup.close();

  // Chrome stops the worker mid-request; the service still answers the call (and charges it) to nobody.
  await stopServiceWorker(context);
  await expect.poll(() => sim.balance(), { timeout: 10_000 }).toBe(9_994);
  await sim.admin('faults', { latencyMs: 0, path: '/v1/lookup' });

  const again = await openExtensionPage(`popup.html?tabId=${tabId}`);
  await choosePhoneOnly(again);
  // No worker owns the job: it is not shown running (within the heartbeat's few seconds), it is shown cut off.
  await expect(again.getByTestId('cut-off')).toContainText(CHARGED, { timeout: 10_000 });
  await expect(again.getByText('Revealing mobile phone…')).toHaveCount(0);
  // Its charge settled, it is said once and the contact is revealed like any other, at its price: no separate
  // "Reveal again", nothing held back.
  await expect(again.getByRole('button', { name: /Reveal again/ })).toHaveCount(0);
  const reveal = again.getByRole('button', { name: 'Reveal', exact: true });
  await expect(reveal).toBeEnabled();
  await expect(again.getByText(/reveal again from the note above/)).toHaveCount(0);
  // The check is the free account call; nothing was asked again.
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  // The connection's, each popup's on opening (the balance is never trusted stale), and the check.
  expect((await sim.requests('/v1/account')).length).toBe(4);

  // The usage page counts the lost answer as a kind of its own, on its day.
  const usage = await openExtensionPage('usage.html');
  await expect(usage.getByRole('list', { name: 'Legend' })).toContainText('Answer lost');
  await expect
    .poll(() =>
      usage
        .locator('rect.part-lost')
        .evaluateAll((rects) => rects.reduce((sum, r) => sum + Number(r.getAttribute('data-credits')), 0)),
    )
    .toBe(6);
  await usage.close();

  await reveal.click();
  await expect(again.getByRole('link', { name: PHONE })).toBeVisible();
  await expect(again.getByTestId('charged')).toContainText('Charged 6 ·');
  await expect(again.getByTestId('cut-off')).toHaveCount(0);
  expect(await sim.requests('/v1/lookup')).toHaveLength(2);
  expect(await sim.balance()).toBe(9_988);
});

test('a reveal cut off by closing the browser is checked after the restart, before any retry', async ({
  sim,
}) => {
  await withProfileDir(async (profileDir) => {
    const first = await launchProfile(profileDir);
    await firstRun(first, sim.url);
    const popup = await first.open('popup.html');
    await popup.getByLabel('Profile URL').fill(ADA.social_url);
    await choosePhoneOnly(popup);
    await sim.admin('faults', { latencyMs: 3000, path: '/v1/lookup' });
    await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
    await expect.poll(async () => (await sim.requests('/v1/lookup')).length).toBe(1);
    await first.context.close();
    await expect.poll(() => sim.balance(), { timeout: 10_000 }).toBe(9_994);
    await sim.admin('faults', { latencyMs: 0, path: '/v1/lookup' });

    const second = await launchProfile(profileDir);
    try {
      const reopened = await second.open('popup.html');
      await reopened.getByLabel('Profile URL').fill(ADA.social_url);
      await choosePhoneOnly(reopened);
      await expect(reopened.getByTestId('cut-off')).toContainText(CHARGED, { timeout: 10_000 });
      // Settled: said once; Reveal is offered at its price again.
      const reveal = reopened.getByRole('button', { name: 'Reveal', exact: true });
      await expect(reveal).toBeEnabled();
      expect(await sim.requests('/v1/lookup')).toHaveLength(1);

      await reveal.click();
      await expect(reopened.getByRole('link', { name: PHONE })).toBeVisible();
      expect(await sim.requests('/v1/lookup')).toHaveLength(2);
      expect(await sim.balance()).toBe(9_988);
    } finally {
      await second.context.close();
    }
  });
});

test('a cut-off call that was not charged says so', async ({ openAdaPopup, connect, context, sim }) => {
  await connect();
  const { popup } = await openAdaPopup();
  await choosePhoneOnly(popup);
  // The request never answers (the simulator charges nothing for it) until the worker is long gone.
  await sim.admin('faults', { hang: 1, path: '/v1/lookup' });
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect.poll(async () => (await sim.requests('/v1/lookup')).length).toBe(1);
  await stopServiceWorker(context);

  await expect(popup.getByTestId('cut-off')).toContainText(
    'The last reveal was cut offThe reveal of mobile phone is not charged so far; checking again shortly.',
    { timeout: 10_000 },
  );
  await expect(popup.getByRole('button', { name: 'Reveal again · up to 6 credits' })).toBeEnabled();
  // The popup's own call failed with the worker: the cut-off view says so once, with no second error, and no
  // browser text ("message channel closed…") anywhere.
  await expect(popup.getByRole('alert')).toHaveCount(1);
  await expect(popup.getByText(/listener|message channel|did not answer \(/i)).toHaveCount(0);
  expect(await sim.balance()).toBe(10_000);
});

test('a reveal with no readable answer is checked like a cut-off one, said once, and asked again only on its own button', async ({
  openAdaPopup,
  connect,
  sim,
}) => {
  await connect();
  const { popup } = await openAdaPopup();
  await choosePhoneOnly(popup);
  await sim.admin('faults', { malformed: 1, path: '/v1/lookup' });
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(popup.getByTestId('cut-off')).toContainText(
    'The last reveal got no answerThe reveal of mobile phone is not charged so far; checking again shortly.',
  );
  await expect(popup.getByRole('alert')).toHaveCount(1);
  await expect(popup.getByRole('button', { name: 'Reveal', exact: true })).toBeDisabled();
  await popup.getByRole('button', { name: 'Reveal again · up to 6 credits' }).click();
  await expect(popup.getByTestId('cut-off')).toHaveCount(0);
  await expect(popup.getByText(PHONE)).toBeVisible();
  expect(await sim.requests('/v1/lookup')).toHaveLength(2);
  expect(await sim.balance()).toBe(9_994);
});
