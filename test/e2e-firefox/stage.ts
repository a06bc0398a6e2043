/**
 * The Firefox stage of `npm test`: runs the Firefox end-to-end tests when Firefox and openssl are here. Without them
 * it says in one line how to get them, and passes locally but fails in CI (`CI` set), where a skipped stage would
 * pass unnoticed. Build first (`npm run test:e2e:firefox` does).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { findFirefox, HOW_TO_GET_FIREFOX } from './firefox';

export type StageDecision = { run: true } | { run: false; message: string; exitCode: number };

/** Whether the stage runs, and if not, what it says and how it exits. */
export function decideStage(found: { firefox: string | null; openssl: boolean; ci: boolean }): StageDecision {
  if (found.firefox && found.openssl) return { run: true };
  return found.ci
    ? { run: false, message: `${HOW_TO_GET_FIREFOX} (required in CI)`, exitCode: 1 }
    : { run: false, message: `Firefox stage skipped. ${HOW_TO_GET_FIREFOX}`, exitCode: 0 };
}

/** True when an `openssl` command runs (the LinkedIn fixtures' certificate is made with it). */
export function hasOpenssl(): boolean {
  return spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
}

function main(): number {
  const decision = decideStage({
    firefox: findFirefox(),
    openssl: hasOpenssl(),
    ci: Boolean(process.env.CI),
  });
  if (!decision.run) {
    console.log(decision.message);
    return decision.exitCode;
  }
  const root = resolve(import.meta.dirname, '../..');
  const vitest = resolve(root, 'node_modules/vitest/vitest.mjs');
  const run = spawnSync(process.execPath, [vitest, 'run', '--config', 'vitest.firefox.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  return run.status ?? 1;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) process.exitCode = main();
