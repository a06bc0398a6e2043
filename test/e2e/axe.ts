/**
 * axe-core inside Playwright: `expectNoAxeViolations(page)` runs every axe rule that applies (WCAG 2.x A and AA,
 * and best practices such as heading order) on the page as it is now, and fails with each violation spelled out.
 * Call it for every state a screen can be in, in both colour schemes (see {@link eachColorScheme}).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Runs axe on the page (extension pages forbid inline scripts, so axe is evaluated, not added as a tag). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // A string, not a function: the page's CSP does not apply to what Playwright evaluates.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  return (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  })()`)) as AxeViolation[];
}

const describe = (violations: AxeViolation[]) =>
  violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .map((n) => `  ${JSON.stringify(n.target)}: ${n.failureSummary?.replace(/\n/g, ' ')}`)
          .join('\n')}`,
    )
    .join('\n');

/** Fails the test with every axe violation on the page, described. `state` names what is checked. */
export async function expectNoAxeViolations(page: Page, state = page.url()): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.length, `axe violations in ${state}:\n${describe(violations)}`).toBe(0);
}

/** Runs `check` in the light, then the dark colour scheme, restoring light afterwards. */
export async function eachColorScheme(
  page: Page,
  check: (scheme: 'light' | 'dark') => Promise<void>,
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await check(scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** axe in both colour schemes: the usual call for a screen's state. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  await eachColorScheme(page, (scheme) => expectNoAxeViolations(page, `${state} (${scheme})`));
}
