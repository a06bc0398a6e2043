/**
 * "No API name reaches the user": every name of the service's contract that a recruiter would read as code
 * (`detailed_profile`, `free_text_search`, `current_title`…), the value syntax (`::~30mi`) and schema-checker output
 * (`✖`, `Invalid "…" request`), looked for in what a page shows: its rendered text and the names, descriptions,
 * placeholders and titles of its elements.
 */
import { expect, type Page } from '@playwright/test';
import * as schema from '../../src/api/schema';

/** Collects the keys of every object schema reachable from the contract's exports. */
function contractNames(): string[] {
  const names = new Set<string>(schema.SEARCH_CRITERIA_KEYS);
  for (const item of schema.RETRIEVABLE) names.add(item);
  for (const reveal of schema.REVEALS) names.add(reveal);
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    const shape = def.shape as Record<string, unknown> | undefined;
    for (const [key, child] of Object.entries(shape ?? {})) {
      names.add(key);
      visit(child);
    }
    for (const value of Object.values(def)) {
      if (Array.isArray(value)) value.forEach(visit);
      else visit(value);
    }
  };
  Object.values(schema).forEach(visit);
  // Only names that read as code: a plain word ("name", "email", "location") is a fine word on screen.
  return [...names].filter((name) => name.includes('_'));
}

export const API_NAMES: readonly string[] = contractNames();
const NAME = new RegExp(`(?<![\\w.@-])(${API_NAMES.join('|')})(?![\\w@-])`);
const SYNTAX = /::~\d|✖|Invalid "\w+" request|\bZod\b/;

/** What the page shows a person: rendered text, plus accessible names, descriptions, placeholders and titles. */
async function visibleWords(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    const attrs = ['aria-label', 'aria-description', 'placeholder', 'title', 'alt'];
    // Folded sections count: a recruiter opens them.
    const closed = [...document.querySelectorAll('details:not([open])')];
    for (const d of closed) d.open = true;
    const parts = [document.title, document.body.innerText];
    for (const d of closed) d.open = false;
    for (const el of document.querySelectorAll('*')) {
      for (const attr of attrs) { const v = el.getAttribute(attr); if (v) parts.push(v); }
    }
    return parts.join('\\n');
  })()`)) as string;
}

/** Fails when anything the page shows contains an API name or its value syntax. */
export async function expectPlainWords(page: Page, state = page.url()): Promise<void> {
  const text = await visibleWords(page);
  const lines = text.split('\n').filter((line) => NAME.test(line) || SYNTAX.test(line));
  expect(lines, `API names or syntax on screen in ${state}`).toEqual([]);
}
