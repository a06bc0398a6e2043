import { describe, expect, it } from 'vitest';
import { ALLOWANCES, codeAt, judge, type LintReport } from '../../../scripts/lint-firefox-judge';

/** A chunk the way Vite writes Preact's renderer: one long line, the innerHTML assignment in the middle of it. */
const PREACT_CHUNK = `var a=1;${'x'.repeat(200)}p?(c||(t.innerHTML=p.__html),n.__k=[]):0;`;
const PREACT_COLUMN = PREACT_CHUNK.indexOf('t.innerHTML') + 1;

const files: Record<string, string> = {
  'chunks/browser-Ab12_x.js': PREACT_CHUNK,
  'chunks/rpc-Cd34_y.js': PREACT_CHUNK,
  'chunks/popup-Zz99.js': 'el.innerHTML = response.body;',
};
const sourceAt = (file: string, line: number, column: number) => codeAt(files[file] ?? '', line, column);

const report = (partial: Partial<LintReport>): LintReport => ({
  errors: [],
  warnings: [],
  notices: [],
  ...partial,
});
const preactWarning = {
  code: 'UNSAFE_VAR_ASSIGNMENT',
  message: 'Unsafe assignment to innerHTML',
  file: 'chunks/browser-Ab12_x.js',
  line: 1,
  column: PREACT_COLUMN,
};
/** The same line in the popup's own copy of Preact (the popup is built on its own). */
const popupPreactWarning = { ...preactWarning, file: 'chunks/rpc-Cd34_y.js' };

describe("Mozilla's linter on the Firefox build: what may pass", () => {
  it("allows Preact's innerHTML assignment once in each copy (the pages' and the popup's), with its reason", () => {
    const verdict = judge(report({ warnings: [preactWarning, popupPreactWarning] }), sourceAt);
    expect(verdict.ok).toBe(true);
    expect(verdict.allowed).toEqual([
      { message: preactWarning, allowance: ALLOWANCES[0] },
      { message: popupPreactWarning, allowance: ALLOWANCES[1] },
    ]);
    expect(verdict.allowed[0]!.allowance.reason).toMatch(/dangerouslySetInnerHTML/);
    expect(verdict.allowed[1]!.allowance.reason).toMatch(/popup is built on its own/);
  });

  it('fails on an innerHTML assignment anywhere else, even with the same code', () => {
    const ours = { ...preactWarning, file: 'chunks/popup-Zz99.js', column: 1 };
    const verdict = judge(report({ warnings: [preactWarning, ours] }), sourceAt);
    expect(verdict.ok).toBe(false);
    expect(verdict.unexpected).toEqual([{ ...ours, kind: 'warning' }]);
  });

  it('allows each allowance once: a third Preact-like assignment fails', () => {
    const verdict = judge(
      report({ warnings: [preactWarning, popupPreactWarning, { ...preactWarning }] }),
      sourceAt,
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.allowed).toHaveLength(2);
    expect(verdict.unexpected).toHaveLength(1);
  });

  it('fails on a manifest warning, an error or a notice', () => {
    const manifest = {
      code: 'KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION',
      message: 'key',
      file: 'manifest.json',
    };
    const error = { code: 'MANIFEST_FIELD_REQUIRED', message: 'name' };
    const notice = { code: 'SOMETHING', message: 'note' };
    const verdict = judge(
      report({ warnings: [preactWarning, manifest], errors: [error], notices: [notice] }),
      sourceAt,
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.unexpected.map((m) => [m.kind, m.code])).toEqual([
      ['error', 'MANIFEST_FIELD_REQUIRED'],
      ['notice', 'SOMETHING'],
      ['warning', 'KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION'],
    ]);
  });

  it('fails when an allowance matches nothing any more, so it cannot outlive its reason', () => {
    const verdict = judge(report({}), sourceAt);
    expect(verdict.ok).toBe(false);
    expect(verdict.unused).toEqual(ALLOWANCES);
  });

  it('does not allow a warning without a place to check', () => {
    const { line: _line, column: _column, ...placeless } = preactWarning;
    expect(judge(report({ warnings: [placeless] }), sourceAt).ok).toBe(false);
  });
});

describe('codeAt', () => {
  it('reads from a 1-based line and column, a character early', () => {
    expect(codeAt('first\nab t.innerHTML=p.__html', 2, 4)).toBe(' t.innerHTML=p.__html');
    expect(codeAt(PREACT_CHUNK, 1, PREACT_COLUMN)).toMatch(/^\(t\.innerHTML=p\.__html/);
    expect(codeAt('one line', 5, 1)).toBe('');
  });
});
