/**
 * What every state of the popup must pass: within Chrome's 600 px popup height at 320 and 400 px wide with nothing
 * scrolling sideways, axe in light and dark, and no API name on screen.
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expectPlainWords } from './plain-words';

/** The page's scroll size against its viewport. */
const measure = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    scrollHeight: document.documentElement.scrollHeight,
  }));

/** The popup fits `width`: no horizontal scroll, and within 600 px high (its height printed for the record). */
export async function expectFits(page: Page, width: number, state = 'the popup') {
  await page.setViewportSize({ width, height: 600 });
  const size = await measure(page);
  // The content's own height, which Chrome sizes the popup to (printed for the record of each state).
  const height = await page.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  console.log(`popup height: ${height} px at ${width} px wide, ${state}`);
  expect(size.scrollWidth, `no horizontal scroll at ${width} px`).toBeLessThanOrEqual(size.clientWidth);
  expect(
    size.scrollHeight,
    `${state} within Chrome's 600 px popup height at ${width} px`,
  ).toBeLessThanOrEqual(600);
}

/** A state of the popup: within 600 px at 320 and 400 px wide, no axe violation light or dark, plain words. */
export async function expectFitsAccessible(page: Page, state: string) {
  if (process.env.SHOTS) {
    await page.setViewportSize({ width: 320, height: 600 });
    const name = state.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot({ path: `${process.env.SHOTS}/popup-${name}-320.png`, fullPage: true });
  }
  for (const width of [320, 400]) await expectFits(page, width, state);
  await page.setViewportSize({ width: 320, height: 600 });
  await expectAccessible(page, state);
  await expectPlainWords(page, state);
}
