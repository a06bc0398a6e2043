/**
 * Runs Mozilla's add-on linter (`addons-linter`, what addons.mozilla.org runs on an upload) on the Firefox build
 * and fails on any error, warning or notice that `lint-firefox-judge.ts` does not allow by name and place.
 *
 *   npm run lint:firefox            # after `npm run build:firefox` (npm test builds it first)
 *   npm run lint:firefox -- DIR     # another unpacked build
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { codeAt, judge, type LintReport } from './lint-firefox-judge';

const ROOT = resolve(import.meta.dirname, '..');
const dir = resolve(ROOT, process.argv[2] ?? '.output/firefox-mv2');
if (!existsSync(resolve(dir, 'manifest.json'))) {
  console.error(`No Firefox build at ${dir}: run \`npm run build:firefox\` first.`);
  process.exit(1);
}

const bin = createRequire(import.meta.url).resolve('addons-linter/bin/addons-linter');
const version = execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim();
let stdout: string;
try {
  stdout = execFileSync(process.execPath, [bin, '--output', 'json', '--boring', dir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
} catch (error) {
  // The linter exits non-zero when it finds errors; its report is still on stdout.
  stdout = (error as { stdout?: string }).stdout ?? '';
  if (!stdout) throw error;
}
const report = JSON.parse(stdout) as LintReport;
const verdict = judge(report, (file, line, column) =>
  codeAt(readFileSync(resolve(dir, file), 'utf8'), line, column),
);

const where = (m: { file?: string; line?: number; column?: number }) =>
  [m.file, m.line, m.column].filter((part) => part !== undefined).join(':');
console.log(
  `addons-linter ${version} on ${dir}: ${report.errors.length} errors, ${report.warnings.length} warnings, ` +
    `${report.notices.length} notices`,
);
for (const { message, allowance } of verdict.allowed) {
  console.log(`  allowed  ${message.code} at ${where(message)}: ${allowance.reason}`);
}
for (const m of verdict.unexpected) {
  console.log(`  ${m.kind.toUpperCase()}  ${m.code} at ${where(m) || 'the add-on'}: ${m.message}`);
}
for (const allowance of verdict.unused) {
  console.log(
    `  STALE ALLOWANCE  ${allowance.code} in ${allowance.file}: nothing matched it; remove it from scripts/lint-firefox-judge.ts`,
  );
}
if (!verdict.ok) process.exit(1);
console.log('  clean (apart from what is allowed above)');
