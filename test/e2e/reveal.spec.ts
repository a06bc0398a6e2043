import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { test as base, expect } from './fixtures';

const ADA = DEMO_PROFILES.full;
const ADA_NAME = 'Ada Lovelace';

/** Adds `openAdaPopup`: opens Ada's LinkedIn profile in a tab, then the popup for that tab. */
const test = base.extend<{ openAdaPopup: () => Promise<{ profile: Page; popup: Page; tabId: number }> }>({
  openAdaPopup: async ({ context, openExtensionPage, tabIdOf }, use) => {
    await use(async () => {
      const profile = await context.newPage();
      await profile.goto(`${ADA.social_url}/`);
      const tabId = await tabIdOf(profile);
      const popup = await openExtensionPage(`popup.html?tabId=${tabId}`);
      await expect(popup.getByRole('heading', { name: ADA_NAME })).toBeVisible();
      return { profile, popup, tabId };
    });
  },
});

test.describe('reveal from the popup', () => {
  test('shows the cost before, the charge after, and never pays twice', async ({
    openAdaPopup,
    connect,
    openExtensionPage,
    sim,
  }) => {
    await connect();
    const { popup, tabId } = await openAdaPopup();
    await expect(popup.getByText(ADA.social_url)).toBeVisible();
    await expect(popup.getByTestId('reveal-status')).toHaveText('Not revealed yet');
    await expect(popup.getByTestId('balance')).toHaveText('Balance: 10,000 credits');
    await expect(popup.getByTestId('max-cost')).toContainText('Costs at most 3 credits');

    await popup.getByLabel('Mobile phone').check();
    await expect(popup.getByTestId('max-cost')).toContainText('Costs at most 9 credits');
    await popup.getByRole('button', { name: 'Reveal' }).click();

    await expect(popup.getByRole('link', { name: ADA.personal_email! })).toHaveAttribute(
      'href',
      `mailto:${ADA.personal_email}`,
    );
    await expect(popup.getByRole('link', { name: ADA.phone_number! })).toBeVisible();
    await expect(popup.getByTestId('charged')).toContainText('Charged 9 · Balance 9,991');
    await expect(popup.getByTestId('reveal-status')).toHaveText('Revealed just now');
    await expect(popup.locator('.billing-note')).not.toBeEmpty();
    await expect(popup.getByTestId('balance')).toHaveText('Balance 9,991');
    expect(await sim.balance()).toBe(9991);

    const lookups = await sim.requests('/v1/lookup');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.body).toEqual({
      social_url: ADA.social_url,
      reveal_personal_email: true,
      reveal_phone: true,
    });

    // Reopening the profile shows the held data without a call.
    await popup.close();
    const again = await openExtensionPage(`popup.html?tabId=${tabId}`);
    await expect(again.getByTestId('reveal-status')).toHaveText(/^Revealed (just now|1 minute ago)$/);
    await expect(again.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
    // Held items are not offered again: what is left is one priced button per item.
    await expect(again.getByRole('button', { name: 'Reveal', exact: true })).toHaveCount(0);
    await expect(again.getByTestId('more-to-reveal').getByRole('button')).toHaveText([
      'Add detailed profile · 1 credit',
      'Add healthcare data · 1 credit',
    ]);
    expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  });

  test('closing the popup during a slow reveal loses nothing', async ({
    openAdaPopup,
    connect,
    openExtensionPage,
    sim,
  }) => {
    await connect();
    await sim.admin('faults', { latencyMs: 1500, path: '/v1/lookup' });
    const { popup, tabId } = await openAdaPopup();
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByText('Revealing personal email…')).toBeVisible();
    await popup.close();

    await expect
      .poll(
        async () => (await sim.requests()).filter((r) => r.status === 200 && r.path === '/v1/lookup').length,
        { timeout: 5000 },
      )
      .toBe(1);
    const reopened = await openExtensionPage(`popup.html?tabId=${tabId}`);
    await expect(reopened.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
    await expect(reopened.getByTestId('charged')).toContainText('Charged 3 ·');
    expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  });

  test('an invalid key says so and points to Options', async ({ openAdaPopup, connect, sim }) => {
    await connect();
    await sim.admin('keys', { key: 'demo-key', remaining: 10000, active: false });
    const { popup } = await openAdaPopup();
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByRole('alert')).toContainText('The API key was refused');
    await expect(popup.getByRole('button', { name: 'Open Options' })).toBeVisible();
  });

  test('insufficient credits, refused by the service on a balance that could not be asked: said once, beside Reveal', async ({
    openAdaPopup,
    connect,
    sim,
  }) => {
    await connect();
    await sim.admin('keys', { key: 'demo-key', remaining: 2 });
    // The balance cannot be asked when the popup opens (every attempt fails): the stored one is shown as of then.
    await sim.admin('faults', { fail500: 3, path: '/v1/account' });
    const { popup } = await openAdaPopup();
    await expect(popup.getByTestId('balance')).toHaveText(/^Balance: 10,000 credits as of /);
    await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
    // The refusal's balance is now the one known: "Not enough credits" is said once, beside Reveal, with who adds
    // credits and the way to check again, not twice (an alert and a reason).
    const reason = popup.locator('#reveal-reason');
    await expect(reason).toContainText(
      'Not enough credits: this may cost up to 3 credits, your balance is 2 credits. Ask your account admin to add credits.',
    );
    await expect(popup.getByText(/Not enough credits/).filter({ visible: true })).toHaveCount(1);
    await expect(popup.getByRole('button', { name: 'Reveal', exact: true })).toBeDisabled();
    expect(await sim.balance()).toBe(2);
    await expect(popup.getByTestId('balance').first()).toHaveText(/\b2 credits/);
  });

  test('the balance known to be too low disables Reveal with the reason', async ({
    connect,
    openExtensionPage,
    sim,
  }) => {
    await sim.admin('keys', { key: 'demo-key', remaining: 5 });
    await connect();
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill(ADA.social_url);
    await popup.getByLabel('Mobile phone').check();
    await expect(popup.getByRole('button', { name: 'Reveal' })).toBeDisabled();
    await expect(popup.locator('#reveal-reason')).toContainText(
      'Not enough credits: this may cost up to 9 credits, your balance is 5 credits.',
    );
  });

  test('a spending cap the reveal would pass disables Reveal with the reason, before any request', async ({
    connect,
    openExtensionPage,
    sim,
  }) => {
    await connect();
    const options = await openExtensionPage('options.html');
    await options.getByLabel('Daily cap (credits)').fill('5');
    await options.getByRole('button', { name: 'Save spending settings' }).click();
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill(ADA.social_url);
    const reveal = popup.getByRole('button', { name: 'Reveal' });
    await expect(reveal).toBeEnabled();
    await popup.getByLabel('Mobile phone').check();
    await expect(reveal).toBeDisabled();
    const reason = 'Your daily spending cap leaves 5 credits today, less than this may cost.';
    await expect(popup.locator('#reveal-reason')).toHaveText(`${reason} Open the cap setting`);
    await expect(reveal).toHaveAccessibleDescription(`${reason} Open the cap setting`);
    await expect(popup.getByText(/daily spending cap/).filter({ visible: true })).toHaveCount(1);
    await popup.getByLabel('Personal email').uncheck();
    await expect(reveal).toBeDisabled();
    await popup.getByLabel('Mobile phone').uncheck();
    await popup.getByLabel('Detailed profile').check();
    await expect(reveal).toBeEnabled();
    expect(await sim.requests('/v1/lookup')).toEqual([]);
  });

  test('a 500 is retried and charged once', async ({ openAdaPopup, connect, sim }) => {
    await connect();
    await sim.admin('faults', { fail500: 1, path: '/v1/lookup' });
    const { popup } = await openAdaPopup();
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
    const lookups = await sim.requests('/v1/lookup');
    expect(lookups.map((r) => [r.status, r.charged])).toEqual([
      [500, 0],
      [200, 3],
    ]);
    expect(await sim.balance()).toBe(9997);
  });

  test('a pasted profile URL is normalised; anything else is refused before a request', async ({
    connect,
    openExtensionPage,
    sim,
  }) => {
    await connect();
    const popup = await openExtensionPage('popup.html');
    const input = popup.getByLabel('Profile URL');
    await input.fill('https://www.linkedin.com/company/analytical-engines');
    await expect(popup.getByText('Not a LinkedIn profile URL')).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Reveal' })).toBeDisabled();

    await input.fill(' https://UK.linkedin.com/in/Ada-Lovelace-Demo/details/experience/?trk=x#top ');
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
    const lookups = await sim.requests('/v1/lookup');
    expect(lookups.map((r) => r.body?.social_url)).toEqual([ADA.social_url]);
  });

  test('items not found are said plainly, at no charge, and asking again is a choice', async ({
    connect,
    openExtensionPage,
    sim,
  }) => {
    await connect();
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill(DEMO_PROFILES.emailOnly.social_url);
    await popup.getByLabel('Mobile phone').check();
    await popup.getByLabel('Personal email').uncheck();
    await popup.getByRole('button', { name: 'Reveal' }).click();
    await expect(popup.getByText(/^Mobile phone: Not found · \d{1,2} [A-Z][a-z]{2}$/)).toBeVisible();
    await expect(popup.getByTestId('charged')).toContainText('Charged 0 ·');
    // Right after the lookup: this lookup found nothing, said with its day.
    await expect(popup.getByTestId('reveal-status')).toHaveText(/^Not found · \d{1,2} [A-Z][a-z]{2}$/);
    // The form gives way to priced buttons: nothing is asked again but through its own.
    await expect(popup.getByRole('button', { name: 'Reveal', exact: true })).toHaveCount(0);
    expect(await sim.requests('/v1/lookup')).toHaveLength(1);
    // Asking again is its own button, priced, and asks for that item alone.
    await popup.getByRole('button', { name: 'Ask again for mobile phone · up to 6 credits' }).click();
    await expect.poll(async () => (await sim.requests('/v1/lookup')).length).toBe(2);
    expect((await sim.requests('/v1/lookup'))[1]!.body).toEqual({
      social_url: DEMO_PROFILES.emailOnly.social_url,
      reveal_phone: true,
    });
    await expect(popup.getByText(/^Mobile phone: Not found · \d{1,2} [A-Z][a-z]{2}$/)).toBeVisible();
    // Opened again on the held answer: when it was looked up.
    await popup.reload();
    await popup.getByLabel('Profile URL').fill(DEMO_PROFILES.emailOnly.social_url);
    await expect(popup.getByTestId('reveal-status')).toHaveText(/^Not found · \d{1,2} [A-Z][a-z]{2}$/);
  });
});
