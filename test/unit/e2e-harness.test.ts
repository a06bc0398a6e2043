/** The end-to-end harness's own logic: where Chromium is found, and what is said when it is not. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultChromiumCandidates, findChromium } from '../e2e/chromium-path';

const HOW_TO =
  'No Chromium found: run `apt-get install chromium` (Debian) or set CHROMIUM_PATH to a Chromium binary.';

describe('findChromium', () => {
  let dir: string;
  let fakeBinary: string;
  let nowhere: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'chromium-path-'));
    fakeBinary = join(dir, 'my-chromium');
    writeFileSync(fakeBinary, '#!/bin/sh\n');
    nowhere = join(dir, 'no-such-chromium');
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns CHROMIUM_PATH when it points to an existing file, before any other candidate', () => {
    vi.stubEnv('CHROMIUM_PATH', fakeBinary);
    expect(defaultChromiumCandidates()[0]).toBe(fakeBinary);
    expect(findChromium()).toBe(fakeBinary);
  });

  it('looks in CHROMIUM_PATH, then /usr/bin/chromium, then Playwright’s download', () => {
    vi.stubEnv('CHROMIUM_PATH', nowhere);
    const candidates = defaultChromiumCandidates();
    expect(candidates.slice(0, 2)).toEqual([nowhere, '/usr/bin/chromium']);
    expect(candidates).toHaveLength(3);
  });

  it('skips a CHROMIUM_PATH that points nowhere and takes the next existing candidate', () => {
    vi.stubEnv('CHROMIUM_PATH', nowhere);
    expect(findChromium([process.env.CHROMIUM_PATH, undefined, '', fakeBinary])).toBe(fakeBinary);
  });

  it('throws the one-line "how to get one" message when CHROMIUM_PATH points nowhere and nothing else exists', () => {
    vi.stubEnv('CHROMIUM_PATH', nowhere);
    const call = () => findChromium([process.env.CHROMIUM_PATH, join(dir, 'also-missing'), undefined]);
    expect(call).toThrow(new Error(HOW_TO));
    try {
      call();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('throws the same message with no candidates at all (CHROMIUM_PATH unset)', () => {
    vi.stubEnv('CHROMIUM_PATH', undefined);
    expect(() => findChromium([process.env.CHROMIUM_PATH])).toThrow(new Error(HOW_TO));
  });
});
