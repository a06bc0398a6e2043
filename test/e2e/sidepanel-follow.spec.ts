/**
 * The side panel beside a LinkedIn tab: it shows the person of the profile the tab shows, follows LinkedIn's
 * in-page navigation, and gets an email onto the clipboard in two clicks (Reveal, Copy) or two keys, one click
 * for a contact already held. The panel is opened as a page for the tab (`?tabId=`), as Chrome's panel would be
 * beside it (`besideProfile`).
 */
import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { expectAccessible } from './axe';
import { expect, linkedinPage, type WorkerGlobals } from './fixtures';
import { checkState, test } from './panel-checks';

const ADA = DEMO_PROFILES.full;
const JOSE = DEMO_PROFILES.emailOnly;

/** A LinkedIn page that can navigate in place, as LinkedIn does (history.pushState, no reload). */
const inPlacePage = (name: string) => `<!doctype html><html><head><title>${name} | LinkedIn</title>
<link rel="icon" href="data:,"><script>window.__go = (path, name) => { history.pushState({}, '', path);
document.querySelector('h1').textContent = name; };</script></head>
<body><main><section><h1>${name}</h1><div class="text-body-medium">Engineer</div></section></main></body></html>`;

/** Counts the clicks and keys the recruiter gives the panel (trusted events only: what a person did). */
async function countInput(panel: Page): Promise<() => Promise<{ clicks: number; keys: number }>> {
  await panel.evaluate(() => {
    const w = window as unknown as { __input: { clicks: number; keys: number } };
    w.__input = { clicks: 0, keys: 0 };
    document.addEventListener('click', (e) => e.isTrusted && w.__input.clicks++, true);
    document.addEventListener('keydown', (e) => e.isTrusted && w.__input.keys++, true);
  });
  return () =>
    panel.evaluate(() => (window as unknown as { __input: { clicks: number; keys: number } }).__input);
}

test('beside a profile the panel shows that person, and follows LinkedIn in-page navigation to the next one', async ({
  besideProfile,
  background,
}) => {
  const { linkedin, panel, tabId } = await besideProfile(ADA, inPlacePage(ADA.name));
  await expect(panel.getByRole('button', { name: 'Reveal email · up to 3 credits' })).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Add phone · 6 credits' })).toBeEnabled();
  await checkState(panel, 'side panel beside a profile');

  // LinkedIn moves to the next profile in place: the panel shows it as soon as the page reports it.
  await panel.evaluate(() => {
    const w = window as unknown as { __shown: number[] };
    w.__shown = [];
    const heading = () => document.querySelector('[data-testid=profile-name]')?.textContent;
    let last = heading();
    new MutationObserver(() => {
      if (heading() !== last) {
        last = heading();
        w.__shown.push(Date.now());
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await linkedin.evaluate(
    ([path, name]) => (window as unknown as { __go(p: string, n: string): void }).__go(path!, name!),
    [new URL(JOSE.social_url).pathname, JOSE.name],
  );
  await expect(panel.getByTestId('profile-name')).toHaveText(JOSE.name);
  const seenAt = await background.evaluate(async (id) => {
    const { chrome } = globalThis as unknown as WorkerGlobals;
    const stored = (await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] as { seenAt: string };
    return Date.parse(stored.seenAt);
  }, tabId);
  const shown = await panel.evaluate(() => (window as unknown as { __shown: number[] }).__shown[0]!);
  const ms = shown - seenAt;
  test.info().annotations.push({ type: 'panel update after in-page navigation', description: `${ms} ms` });
  expect(ms, 'from the report to the panel showing the next person').toBeLessThan(150);

  // Search is a click away, and stays while the tab moves on; "This page" follows the tab again.
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(panel.getByRole('tab', { name: 'Filters' })).toBeVisible();
  await linkedin.evaluate(
    ([path, name]) => (window as unknown as { __go(p: string, n: string): void }).__go(path!, name!),
    [new URL(ADA.social_url).pathname, ADA.name],
  );
  await expect.poll(() => panel.getByTestId('profile-name').count()).toBe(0);
  await panel.getByRole('button', { name: 'This page' }).click();
  await expect(panel.getByTestId('profile-name')).toHaveText(ADA.name);
});

test('from a new profile to its email on the clipboard: two clicks (Reveal, Copy), one for a contact held', async ({
  besideProfile,
  context,
  sim,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { panel } = await besideProfile(ADA);
  const input = await countInput(panel);
  const before = await sim.balance();

  await panel.getByRole('button', { name: 'Reveal email · up to 3 credits' }).click();
  await panel.getByRole('button', { name: 'Copy email' }).click();
  expect(await panel.evaluate(() => navigator.clipboard.readText())).toBe(ADA.personal_email);
  expect(await input()).toEqual({ clicks: 2, keys: 0 });
  expect(before - (await sim.balance())).toBe(3);
  await expect(panel.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
  await checkState(panel, 'side panel profile revealed');

  // The same person again, held: one click.
  await panel.reload();
  await expect(panel.getByTestId('profile-name')).toHaveText(ADA.name);
  await panel.evaluate(() => navigator.clipboard.writeText(''));
  const again = await countInput(panel);
  await panel.getByRole('button', { name: 'Copy email' }).click();
  expect(await panel.evaluate(() => navigator.clipboard.readText())).toBe(ADA.personal_email);
  expect(await again()).toEqual({ clicks: 1, keys: 0 });
  expect(before - (await sim.balance()), 'nothing paid twice').toBe(3);
});

test('shortcuts: r reveals, e copies the email (two keys); ? lists the shortcuts in a dialog that Escape closes', async ({
  besideProfile,
  context,
  sim,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { panel } = await besideProfile(JOSE, linkedinPage(JOSE.name));
  const input = await countInput(panel);
  const before = await sim.balance();

  // The key acts on what the panel offers: wait for the offer (a busy machine draws it later), not for a fixed time.
  await expect(panel.getByRole('button', { name: 'Reveal email · up to 3 credits' })).toBeEnabled();
  await panel.keyboard.press('r');
  await expect(panel.getByRole('link', { name: JOSE.personal_email! })).toBeVisible();
  await panel.keyboard.press('e');
  await expect.poll(() => panel.evaluate(() => navigator.clipboard.readText())).toBe(JOSE.personal_email);
  expect(await input()).toEqual({ clicks: 0, keys: 2 });
  expect(before - (await sim.balance())).toBe(3);

  await panel.keyboard.press('?');
  const dialog = panel.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Copy the email');
  await expect(dialog).toContainText('Show these shortcuts');
  await expectAccessible(panel, 'keyboard overlay');
  const viewport = panel.viewportSize();
  for (const width of [320, 400]) {
    await panel.setViewportSize({ width, height: 700 });
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await dialog.screenshot({ path: `test-results/shortcuts-${width}-${scheme}.png` });
    }
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  if (viewport) await panel.setViewportSize(viewport);
  // Focus stays inside the dialog.
  for (let i = 0; i < 4; i++) await panel.keyboard.press('Tab');
  expect(await panel.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  await panel.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // A key in a text box is the text box's: nothing happens in the panel.
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  const titles = panel.getByLabel('Job titles');
  await titles.fill('');
  await titles.press('r');
  await expect(titles).toHaveValue('r');
});
