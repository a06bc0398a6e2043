/**
 * `npm run screenshots:firefox [-- DIR]`: the Firefox half of `npm run screenshots`, the main screens as Firefox
 * draws them at 320 and 400 px, light and dark, in DIR (default `test-results/screenshots-firefox`). Builds the
 * Firefox extension and runs `test/e2e-firefox/screens.shots.ts` with the Firefox stage's set-up.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, process.argv[2] ?? 'test-results/screenshots-firefox');

console.log('Building the Firefox extension…');
execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const run = spawnSync(
  process.execPath,
  [resolve(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.firefox-shots.config.ts'],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SCREENSHOTS_DIR: OUT } },
);
if (run.status === 0) console.log(`Pictures in ${OUT}`);
process.exitCode = run.status ?? 1;
