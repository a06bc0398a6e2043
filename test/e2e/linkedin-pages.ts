/** LinkedIn fixture pages for end-to-end tests, served on their real URLs. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext } from '@playwright/test';

/** A fixture page of test/fixtures/linkedin. */
export function linkedinFixture(file: string): string {
  return readFileSync(resolve(import.meta.dirname, '../fixtures/linkedin', file), 'utf8');
}

/** Serves `body` at every URL `pattern` matches (a Playwright glob on the real LinkedIn URL). */
export async function serve(context: BrowserContext, pattern: string, body: string): Promise<void> {
  await context.route(pattern, (route) => route.fulfill({ contentType: 'text/html', body }));
}

/** The people of people-search-2026.html as a recruiter reads them, in order. */
export const SEARCH_2026_NAMES = [
  'Ada Lovelace',
  'Grace Okafor',
  'José Álvarez',
  'LinkedIn Member',
  '🔺 Mira Solberg',
  'Wei Chen',
  'Kwame Mensah',
];
