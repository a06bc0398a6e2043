/**
 * One word a concept: the glossary in docs/architecture.md names, for each concept, the words retired in its favour
 * (its table's last column), and none of them is written in `src/` or `test/` (identifiers, comments, strings, test
 * titles), but for the few allowed below: a test says what the product does in the product's words. The check is
 * proven by planting each retired word in a temporary tree, never in src/ or test/.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The folders checked: the product and its tests. */
const CHECKED = ['src', 'test'] as const;

/** This file names every retired word, to check each one: the one file the check skips. */
const THIS_FILE = 'test/unit/glossary.test.ts';

/**
 * Where a retired word may stay: a name someone else chose (a browser API, a vendor's field, a tool's message), or a
 * stored spelling kept in exactly one place, its schema, beside a comment saying so (a test names a stored spelling
 * through that schema's constant, `CUT_OFF`; one that must write it out, such as a migration's fixture of what an
 * older version stored, is listed here). Each entry is one whole line of one file, which must be there exactly once.
 */
const ALLOWED: ReadonlyArray<{ file: string; line: string; why: string }> = [
  {
    file: 'src/store/work-status.ts',
    line: "export const CUT_OFF = 'interrupted' as const;",
    why: 'the stored spelling of "cut off", as 1.0.0 stored it: changing it needs a migration of every stored job',
  },
  {
    file: 'test/e2e/restart.ts',
    line: "if (!String(error).includes('interrupted by another navigation')) throw error;",
    why: "Playwright's own message when a page's navigation is replaced by another (page.goto rejects with it)",
  },
  {
    file: 'test/e2e-firefox/site-proxy.ts',
    line: "socket.write('HTTP/1.1 200 Connection Established\\r\\n\\r\\n');",
    why: 'the status line a proxy answers an HTTP CONNECT with once its tunnel is open, as browsers expect it',
  },
];

/** A retired word and the pattern that finds it in a file's text. */
interface Retired {
  word: string;
  /** Written as `code` in the glossary: a name in code, matched as written. */
  code: boolean;
  pattern: RegExp;
}

/**
 * The retired words of the glossary's table (the section "Glossary", its last column). A word written as `code` is
 * matched as written, on word boundaries; any other in any case, its parts joined by nothing, a space, a hyphen or an
 * underscore ("lost its worker" finds `lostItsWorker`, `lost-its-worker` and "Lost its worker").
 */
function retiredWords(markdown: string): Retired[] {
  const section = markdown.split(/^## Glossary\s*$/m)[1]?.split(/^## /m)[0];
  if (section === undefined) throw new Error('docs/architecture.md has no "## Glossary" section');
  const rows = section.split('\n').filter((line) => /^\|.*\|\s*$/.test(line) && !/^\|\s*-/.test(line));
  return rows.slice(1).flatMap((row) => {
    const cells = row.split('|').slice(1, -1);
    const last = cells[cells.length - 1]!.trim();
    if (last === '') return [];
    return last.split(',').map((raw) => {
      const word = raw.trim();
      const code = /^`(.+)`$/.exec(word);
      if (code)
        return { word: code[1]!, code: true, pattern: new RegExp(`\\b${escapeRegExp(code[1]!)}\\b`, 'g') };
      const parts = word.split(/\s+/).map(escape);
      return { word, code: false, pattern: new RegExp(parts.join('[\\s_-]?'), 'gi') };
    });
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css|json|html)$/.test(entry.name) ? [path] : [];
  });
}

/** Every use of a retired word under `root`'s `src/` and `test/`, as "file:line: word", but the allowed lines. */
function retiredIn(root: string, retired: readonly Retired[]): string[] {
  const found: string[] = [];
  const files = CHECKED.flatMap((dir) => (existsSync(join(root, dir)) ? sourceFiles(join(root, dir)) : []));
  for (const path of files) {
    const file = relative(root, path).split(sep).join('/');
    if (file === THIS_FILE) continue;
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (ALLOWED.some((allowed) => allowed.file === file && allowed.line === line.trim())) return;
      for (const { word, pattern } of retired) {
        pattern.lastIndex = 0;
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${word}`);
      }
    });
  }
  return found;
}

const glossary = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const RETIRED = retiredWords(glossary);

describe('the glossary', () => {
  it('retires words for the concepts it names', () => {
    expect(RETIRED.map((retired) => retired.word)).toEqual(
      expect.arrayContaining([
        'interrupted',
        'orphaned',
        'lost its worker',
        'Connection',
        'hotkey',
        'contacts index',
      ]),
    );
  });

  it('no retired word is written in src/', () => {
    expect(retiredIn(ROOT, RETIRED).filter((use) => use.startsWith('src/'))).toEqual([]);
  });

  it('no retired word is written in test/', () => {
    expect(retiredIn(ROOT, RETIRED).filter((use) => use.startsWith('test/'))).toEqual([]);
  });

  it.each(ALLOWED.map((allowed) => [allowed.file, allowed]))(
    'the allowed line of %s is there once, and holds a retired word',
    (_, allowed) => {
      const lines = readFileSync(join(ROOT, allowed.file), 'utf8')
        .split('\n')
        .filter((line) => line.trim() === allowed.line);
      expect(lines).toHaveLength(1);
      expect(
        RETIRED.some(({ pattern }) => new RegExp(pattern.source, pattern.flags).test(allowed.line)),
      ).toBe(true);
    },
  );

  describe('fails on each retired word planted in src/ or test/', () => {
    const trees: string[] = [];
    afterAll(() => {
      for (const tree of trees) rmSync(tree, { recursive: true, force: true });
    });

    /** A planted file's text in three forms: an identifier, a string on screen, a comment. */
    const forms = ({ word, code }: Retired): string[] => {
      if (code)
        return [
          `export type ${word} = string;\n`,
          `export const words = { note: 'See the ${word} below.' };\n`,
          `/** The ${word} to use. */\nexport {};\n`,
        ];
      const camel = word
        .split(/\s+/)
        .map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
        .join('');
      return [
        `export const was${camel[0]!.toUpperCase()}${camel.slice(1)} = 1;\n`,
        `export const words = { note: 'The reveal was ${word}.' };\n`,
        `/** Work that is ${word}. */\nexport {};\n`,
      ];
    };

    /** Where a word is planted: a source file, and a test (its title or a fixture's value). */
    const PLANTED = ['src/ui/planted.ts', 'test/unit/ui/planted.test.ts'] as const;

    it.each(RETIRED.map((retired) => [retired.word, retired]))('%s', (word, retired) => {
      for (const planted of PLANTED)
        for (const [n, text] of forms(retired).entries()) {
          const tree = mkdtempSync(join(tmpdir(), 'lens-glossary-'));
          trees.push(tree);
          mkdirSync(join(tree, planted, '..'), { recursive: true });
          writeFileSync(join(tree, planted), `// a file with one retired word\n${text}`);
          const found = retiredIn(tree, [retired]);
          expect(found, `form ${n} of "${word}" in ${planted}`).toEqual([`${planted}:2: ${word}`]);
        }
    });

    it('a test that names a stored spelling through its constant passes; one that writes it out fails', () => {
      const tree = mkdtempSync(join(tmpdir(), 'lens-glossary-'));
      trees.push(tree);
      mkdirSync(join(tree, 'test/unit'), { recursive: true });
      writeFileSync(join(tree, 'test/unit/through.test.ts'), 'expect(job.status).toBe(CUT_OFF);\n');
      writeFileSync(join(tree, 'test/unit/written.test.ts'), "expect(job.status).toBe('interrupted');\n");
      expect(retiredIn(tree, RETIRED)).toEqual(['test/unit/written.test.ts:1: interrupted']);
    });

    it('only this file is skipped, at its own path', () => {
      const tree = mkdtempSync(join(tmpdir(), 'lens-glossary-'));
      trees.push(tree);
      mkdirSync(join(tree, 'test/unit/ui'), { recursive: true });
      writeFileSync(join(tree, THIS_FILE), "const word = 'hotkey';\n");
      writeFileSync(join(tree, 'test/unit/ui/glossary.test.ts'), "const word = 'hotkey';\n");
      expect(retiredIn(tree, RETIRED)).toEqual(['test/unit/ui/glossary.test.ts:1: hotkey']);
    });

    it('an allowed line is allowed only in its own file', () => {
      const tree = mkdtempSync(join(tmpdir(), 'lens-glossary-'));
      trees.push(tree);
      mkdirSync(join(tree, 'src/store'), { recursive: true });
      writeFileSync(join(tree, 'src/store/work-status.ts'), `${ALLOWED[0]!.line}\n`);
      writeFileSync(join(tree, 'src/store/other.ts'), `${ALLOWED[0]!.line}\n`);
      expect(retiredIn(tree, RETIRED)).toEqual(['src/store/other.ts:1: interrupted']);
    });
  });
});
