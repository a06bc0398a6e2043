import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Where Chromium is looked for, in order: `CHROMIUM_PATH`, Debian's `/usr/bin/chromium`, Playwright's download. */
export function defaultChromiumCandidates(): Array<string | undefined> {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', safe(() => chromium.executablePath())];
}

/**
 * The first of `candidates` (by default {@link defaultChromiumCandidates}) that is an existing file. Throws one
 * line saying how to get one when there is none.
 */
export function findChromium(candidates: Array<string | undefined> = defaultChromiumCandidates()): string {
  const found = candidates.find((path): path is string => Boolean(path) && existsSync(path!));
  if (!found) {
    throw new Error(
      'No Chromium found: run `apt-get install chromium` (Debian) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}

function safe(fn: () => string): string | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
