/**
 * `npm run mutate`: mutation testing of the money code, each file's score printed. Two Stryker configurations, because
 * Stryker runs one vitest configuration a run: the extension's files (`stryker.config.mjs`, the unit and
 * conformance tests) and the gateway's (`stryker.gateway.config.mjs`, the gateway's tests on PGlite). With no
 * `--mutate`, both run, one after the other (never side by side: the machines are shared 2-core ones), each printing
 * its score table. With `--mutate <file>[:lines]` (or several, comma-separated), each file runs with the
 * configuration that owns it: the gateway's for `gateway/`, the extension's for the rest. Any other option is given
 * to every run as it is (`--force`, `--concurrency 2`…). docs/testing.md says how to read a survivor.
 *
 *   npm run mutate
 *   npm run mutate -- --mutate gateway/sends.ts:42-81
 *   npm run mutate -- --mutate src/api/pricing.ts
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const EXTENSION = 'stryker.config.mjs';
const GATEWAY = 'stryker.gateway.config.mjs';

/** The configuration that owns a `--mutate` pattern (a path, a glob, or either with `:lines`). */
export function ownerOf(pattern: string): typeof EXTENSION | typeof GATEWAY {
  return pattern.replace(/^!/, '').replace(/^\.\//, '').startsWith('gateway/') ? GATEWAY : EXTENSION;
}

/** Each Stryker run `args` asks for: its configuration and its arguments, in the order they run. */
export function runsOf(args: readonly string[]): { config: string; args: string[] }[] {
  const rest: string[] = [];
  const patterns: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const inline = /^(?:--mutate|-m)=(.*)$/.exec(arg);
    if (inline) patterns.push(...inline[1]!.split(','));
    else if (arg === '--mutate' || arg === '-m') patterns.push(...(args[++i] ?? '').split(','));
    else rest.push(arg);
  }
  const wanted = patterns.filter((pattern) => pattern !== '');
  if (wanted.length === 0) return [EXTENSION, GATEWAY].map((config) => ({ config, args: rest }));
  return [EXTENSION, GATEWAY].flatMap((config) => {
    const own = wanted.filter((pattern) => ownerOf(pattern) === config);
    return own.length === 0 ? [] : [{ config, args: ['--mutate', own.join(','), ...rest] }];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  // Stryker's command as its package names it (`bin`): its `exports` give no path to it.
  const manifest = createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { stryker: string } };
  const stryker = resolve(dirname(manifest), bin.stryker);
  let failed = 0;
  for (const run of runsOf(process.argv.slice(2))) {
    console.log(`\n> stryker run ${run.config} ${run.args.join(' ')}\n`);
    const { status } = spawnSync(process.execPath, [stryker, 'run', run.config, ...run.args], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    // The next configuration still runs, so one failure does not hide the other's scores.
    if (status !== 0 && failed === 0) failed = status ?? 1;
  }
  process.exit(failed);
}
