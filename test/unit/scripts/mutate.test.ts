/**
 * `npm run mutate`: both Stryker configurations one after the other when no file is named, and each named file with
 * the configuration that owns it (the gateway's for `gateway/`), the other options given to each run.
 */
import { describe, expect, it } from 'vitest';
import { runsOf } from '../../../scripts/mutate';

describe('npm run mutate: which Stryker runs', () => {
  it('with no file named: the extension, then the gateway, each with the options given', () => {
    expect(runsOf([])).toEqual([
      { config: 'stryker.config.mjs', args: [] },
      { config: 'stryker.gateway.config.mjs', args: [] },
    ]);
    expect(runsOf(['--force'])).toEqual([
      { config: 'stryker.config.mjs', args: ['--force'] },
      { config: 'stryker.gateway.config.mjs', args: ['--force'] },
    ]);
  });

  it('a file named: with the configuration that owns it, lines and options kept', () => {
    expect(runsOf(['--mutate', 'gateway/sends.ts:42-81', '--concurrency', '2'])).toEqual([
      {
        config: 'stryker.gateway.config.mjs',
        args: ['--mutate', 'gateway/sends.ts:42-81', '--concurrency', '2'],
      },
    ]);
    expect(runsOf(['--mutate=src/api/pricing.ts'])).toEqual([
      { config: 'stryker.config.mjs', args: ['--mutate', 'src/api/pricing.ts'] },
    ]);
    expect(runsOf(['-m', './gateway/server/lookup.ts'])).toEqual([
      { config: 'stryker.gateway.config.mjs', args: ['--mutate', './gateway/server/lookup.ts'] },
    ]);
  });

  it("files of both, in one list: each run gets its own, the extension's first", () => {
    expect(runsOf(['--mutate', 'gateway/sends.ts,src/ledger/*.ts', '--force'])).toEqual([
      { config: 'stryker.config.mjs', args: ['--mutate', 'src/ledger/*.ts', '--force'] },
      { config: 'stryker.gateway.config.mjs', args: ['--mutate', 'gateway/sends.ts', '--force'] },
    ]);
  });
});
