/**
 * One word a concept: the glossary in docs/architecture.md names, for each concept, the words retired in its favour
 * (its table's last column), and none of them is written in `src/` (identifiers, comments, strings), but for the few
 * allowed below. The check is proven by planting each retired word in a temporary tree, never in src/.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Where a retired word may stay: a name someone else chose (a browser API, a vendor's field), or a stored spelling
 * kept in exactly one place, its schema, beside a comment saying so. Each entry is one whole line of one file, which
 * must be there exactly once.
 */
const ALLOWED: ReadonlyArray<{ file: string; line: string; why: string }> = [
  {
    file: 'src/store/work-status.ts',
    line: "export const CUT_OFF = 'interrupted' as const;",
    why: 'the stored spelling of "cut off", as 1.0.0 stored it: changing it needs a migration of every stored job',
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

/** Every use of a retired word under `root`'s `src/`, as "file:line: word", but the allowed lines. */
function retiredInSources(root: string, retired: readonly Retired[]): string[] {
  const found: string[] = [];
  for (const path of sourceFiles(join(root, 'src'))) {
    const file = relative(root, path);
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
    expect(retiredInSources(ROOT, RETIRED)).toEqual([]);
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

  describe('fails on each retired word planted in src/', () => {
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

    it.each(RETIRED.map((retired) => [retired.word, retired]))('%s', (word, retired) => {
      for (const [n, text] of forms(retired).entries()) {
        const tree = mkdtempSync(join(tmpdir(), 'lens-glossary-'));
        trees.push(tree);
        mkdirSync(join(tree, 'src/ui'), { recursive: true });
        writeFileSync(join(tree, 'src/ui/planted.ts'), `// a file with one retired word\n${text}`);
        const found = retiredInSources(tree, [retired]);
        expect(found, `form ${n} of "${word}"`).toEqual([`src/ui/planted.ts:2: ${word}`]);
      }
    });

    it('an allowed line is allowed only in its own file', () => {
      const tree = mkdtempSync(join(tmpdir(), 'lens-glossary-'));
      trees.push(tree);
      mkdirSync(join(tree, 'src/store'), { recursive: true });
      writeFileSync(join(tree, 'src/store/work-status.ts'), `${ALLOWED[0]!.line}\n`);
      writeFileSync(join(tree, 'src/store/other.ts'), `${ALLOWED[0]!.line}\n`);
      expect(retiredInSources(tree, RETIRED)).toEqual(['src/store/other.ts:1: interrupted']);
    });
  });
});
