/**
 * The layers' fences in biome.json hold: each planted crossing fails `biome lint` with its fence's reason, each
 * allowed import passes, and a cycle of type-only imports is a cycle. The files are planted in a temporary tree with
 * the project's own configuration (version control off), never in src/, where other tests read every file.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

/** A module every planted import can name: one exported value in each layer's folder. */
const TARGETS = [
  'src/background/key.ts',
  'src/ui/screen.ts',
  'src/store/kept.ts',
  'src/ledger/rule.ts',
  'src/send/vendor.ts',
  'src/api/wire.ts',
  'src/protocol/message.ts',
  'src/format/count.ts',
  'src/retention/rule.ts',
];

/** [file planted, what it imports, the fence's reason it must fail with (null: allowed)]. */
const CASES: Array<[string, string, RegExp | null]> = [
  ['src/ui/a.ts', '../background/key', /A screen asks the worker through src\/protocol/],
  ['src/ui/b.ts', '@/src/background/key', /A screen asks the worker through src\/protocol/],
  ['src/ui/c.ts', '../store/kept', null],
  ['src/ui/d.ts', '../protocol/message', null],
  ['src/ledger/a.ts', '../ui/screen', /Rules never import a screen/],
  ['src/send/a.ts', '../background/key', /Only the worker's entry imports src\/background/],
  ['src/send/b.ts', '../store/kept', null],
  ['src/protocol/a.ts', '../background/key', /Only the worker's entry imports src\/background/],
  ['src/store/a.ts', '../ledger/rule', /The store keeps and knows no rule/],
  ['src/store/b.ts', '../send/vendor', /The store keeps and knows no rule/],
  ['src/store/c.ts', '../api/wire', null],
  ['src/api/a.ts', '../store/kept', /src\/api is the wire contract/],
  ['src/api/b.ts', '../format/count', null],
  ['src/format/a.ts', '../api/wire', /src\/format writes numbers and counts for every layer/],
  ['gateway/a.ts', '../src/store/kept', /The gateway is a server/],
  ['gateway/b.ts', '../src/send/vendor', null],
  ['gateway/c.ts', '../src/retention/rule', null],
  ['src/retention/a.ts', '../ui/screen', /Rules never import a screen/],
  ['sim/a.ts', '../src/send/vendor', /The simulator shares only the wire contract/],
  ['sim/b.ts', '../src/api/wire', null],
];

let tree: string;

function plant(path: string, text: string): void {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
}

/** What `biome lint` says of one planted file: its exit status and its output. */
function lint(path: string): { status: number | null; output: string } {
  const run = spawnSync(BIOME, ['lint', '--max-diagnostics=50', path], { cwd: tree, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'lens-fences-'));
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
  config.vcs = { enabled: false };
  delete config.$schema;
  writeFileSync(join(tree, 'biome.json'), JSON.stringify(config));
  for (const target of TARGETS) plant(target, 'export const value = 1;\n');
  for (const [file, from] of CASES)
    plant(file, `import { value } from '${from}';\nexport const used = value;\n`);
  plant('src/store/cycle-a.ts', "import type { B } from './cycle-b';\nexport interface A {\n  b?: B;\n}\n");
  plant('src/store/cycle-b.ts', "import type { A } from './cycle-a';\nexport interface B {\n  a?: A;\n}\n");
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('the layers fenced by the linter', () => {
  it.each(CASES)('%s importing %s', (file, _from, reason) => {
    const { status, output } = lint(file);
    if (reason === null) {
      expect(output).not.toContain('noRestrictedImports');
      expect(status).toBe(0);
    } else {
      expect(output).toContain('noRestrictedImports');
      expect(output).toMatch(reason);
      expect(status).not.toBe(0);
    }
  });

  it('counts a cycle of type-only imports', () => {
    const { status, output } = lint('src/store/cycle-a.ts');
    expect(output).toContain('noImportCycles');
    expect(status).not.toBe(0);
  });
});
