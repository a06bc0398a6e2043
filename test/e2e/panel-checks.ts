/**
 * What every state of the side panel must pass: axe in light and dark, no API name on screen, and nothing wider
 * than the panel; the search most panel tests start from; and the journeys' opening beside a profile tab.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { test as base, expect } from './fixtures';
import { expectPlainWords } from './plain-words';

/** Every check a side panel state must pass: axe in light and dark, and no API name on screen. */
export async function checkState(panel: Page, state: string): Promise<void> {
  await expectAccessible(panel, state);
  await expectPlainWords(panel, state);
}

/** The panel fits its width: nothing scrolls sideways, and every row's Reveal button is inside the panel. */
export async function expectFits(panel: Page, width: number): Promise<void> {
  const overflow = await panel.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow, `horizontal scroll at ${width} px`).toBe(0);
  const outside = await panel.evaluate(`[...document.querySelectorAll('.result-card .reveal')]
    .filter((b) => { const r = b.getBoundingClientRect(); return r.width === 0 || r.right > ${width} || r.left < 0; })
    .length`);
  expect(outside, `Reveal buttons outside the panel at ${width} px`).toBe(0);
}

/** Runs a title search for nurses with the given page size; resolves when its rows are shown. */
export async function searchNurses(panel: Page, pageSize: '10' | '25' | '50' | '100' = '10'): Promise<void> {
  await panel.getByLabel('Page size').selectOption(pageSize);
  const titles = panel.getByLabel('Job titles');
  await titles.fill('Nurse');
  await titles.press('Enter');
  await panel.getByRole('button', { name: 'Search · 1 credit' }).click();
  await expect(panel.locator('.result-card')).toHaveCount(Number(pageSize));
}

/** A LinkedIn tab and the side panel opened beside it. */
export interface PanelBeside {
  linkedin: Page;
  panel: Page;
  tabId: number;
}

/**
 * The journeys' `test` with `besideProfile(profile, body?)`: connects, opens a LinkedIn tab on `profile` (answered
 * with `body` when given, as LinkedIn would show it) and the side panel for that tab, as Chrome's panel would be
 * beside it (`?tabId=`); resolves once the panel shows the person.
 */
export const test = base.extend<{
  besideProfile: (profile: { name: string; social_url: string }, body?: string) => Promise<PanelBeside>;
}>({
  besideProfile: async ({ connect, context, openExtensionPage, tabIdOf }, use) => {
    await use(async (profile, body) => {
      await connect();
      if (body !== undefined) {
        await context.route('https://www.linkedin.com/**', (route) =>
          route.fulfill({ contentType: 'text/html; charset=utf-8', body }),
        );
      }
      const linkedin = await context.newPage();
      await linkedin.goto(profile.social_url);
      const tabId = await tabIdOf(linkedin);
      const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
      await expect(panel.getByTestId('profile-name')).toHaveText(profile.name);
      return { linkedin, panel, tabId };
    });
  },
});
