/**
 * What Mozilla's add-on linter (`addons-linter`, the validator addons.mozilla.org runs on every upload) may say
 * about the Firefox build: nothing, except the allowances below, each matched to the exact code it is about and
 * with its reason. An allowance that no longer matches anything fails too, so one cannot outlive its reason.
 */

/** One message of the linter's JSON report (`addons-linter --output json`). */
export interface LintMessage {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/** The parts of the linter's JSON report this judges. */
export interface LintReport {
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/** A warning the build is allowed to carry, and why. */
export interface Allowance {
  code: string;
  /** The built file it is in (chunk names carry a content hash). */
  file: RegExp;
  /** What the code at the reported line and column must be. */
  source: RegExp;
  reason: string;
}

export const ALLOWANCES: Allowance[] = [
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    file: /^chunks\/[\w-]+\.js$/,
    source: /\.innerHTML\s*=\s*[\w$]+\.__html\b/,
    reason:
      "Preact's renderer sets innerHTML only for the `dangerouslySetInnerHTML` prop, which this extension never " +
      'uses (Biome forbids it in the sources); Preact has no build switch that drops the branch, and patching a ' +
      "dependency's code would leave the package differing from the published Preact a reviewer compares it with.",
  },
  {
    // The same line of Preact, in the popup's own copy of it.
    code: 'UNSAFE_VAR_ASSIGNMENT',
    file: /^chunks\/[\w-]+\.js$/,
    source: /\.innerHTML\s*=\s*[\w$]+\.__html\b/,
    reason:
      "The same Preact line in the popup's own copy: the popup is built on its own (scripts/popup-alone.ts) so it " +
      "loads its own script file, not the pages' shared chunks, and so carries Preact once more.",
  },
];

/** The verdict: what fails the build, what is allowed (with the allowance), and allowances that matched nothing. */
export interface Verdict {
  unexpected: Array<LintMessage & { kind: 'error' | 'warning' | 'notice' }>;
  allowed: Array<{ message: LintMessage; allowance: Allowance }>;
  unused: Allowance[];
  ok: boolean;
}

/**
 * Judges a report. `sourceAt(file, line, column)` returns the built code from the reported place on (a few dozen
 * characters are enough); an allowance matches a warning only when its code, its file and that code all match, so
 * a new innerHTML assignment anywhere else is a failure, not an allowed warning. Errors and notices are never
 * allowed; each allowance covers exactly one warning.
 */
export function judge(
  report: LintReport,
  sourceAt: (file: string, line: number, column: number) => string,
  allowances: Allowance[] = ALLOWANCES,
): Verdict {
  const unexpected: Verdict['unexpected'] = [
    ...report.errors.map((m) => ({ ...m, kind: 'error' as const })),
    ...report.notices.map((m) => ({ ...m, kind: 'notice' as const })),
  ];
  const allowed: Verdict['allowed'] = [];
  const left = [...allowances];
  for (const warning of report.warnings) {
    const index = left.findIndex((a) => matches(a, warning, sourceAt));
    if (index === -1) {
      unexpected.push({ ...warning, kind: 'warning' });
    } else {
      allowed.push({ message: warning, allowance: left[index]! });
      left.splice(index, 1);
    }
  }
  return { unexpected, allowed, unused: left, ok: unexpected.length === 0 && left.length === 0 };
}

function matches(
  allowance: Allowance,
  warning: LintMessage,
  sourceAt: (file: string, line: number, column: number) => string,
): boolean {
  const { file, line, column } = warning;
  if (warning.code !== allowance.code || !file || !allowance.file.test(file)) return false;
  if (line === undefined || column === undefined) return false;
  return allowance.source.test(sourceAt(file, line, column));
}

/**
 * The code at a 1-based line and column of `text` (the linter's columns count from 1), starting one character early
 * and running 80 characters on, so a match does not hang on the exact character the rule points at.
 */
export function codeAt(text: string, line: number, column: number): string {
  const row = text.split('\n')[line - 1] ?? '';
  const start = Math.max(0, column - 2);
  return row.slice(start, start + 80);
}
