import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * Where Chromium is: `CHROMIUM_PATH`, Debian's `/usr/bin/chromium`, or Playwright's own download. Throws one line
 * saying how to get one when there is none.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', safe(() => chromium.executablePath())];
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
