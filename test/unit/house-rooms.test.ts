/**
 * Rooms small enough to see into: no folder of `src/` holds more than 20 files of its own (the side panel, the store
 * and the UI were split by what they hold), and no source file of `src/` passes 400 lines (a file that grows past it
 * holds two jobs; split it by them, as `paid-call-gate.ts` and `balance-settlement.ts`). Checked on the tree, and
 * proven able to fail on a planted tree.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The most files one folder holds directly. */
const MOST_FILES_A_FOLDER = 20;
/** The most lines one source file holds. */
const MOST_LINES_A_FILE = 400;

const SOURCE = /\.(ts|tsx|css)$/;

/** Folders over {@link MOST_FILES_A_FOLDER} files and source files over {@link MOST_LINES_A_FILE} lines, under `top`. */
function tooBig(top: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile());
    if (files.length > MOST_FILES_A_FOLDER) {
      found.push(`${relative(top, dir) || '.'}/ holds ${files.length} files`);
    }
    for (const file of files) {
      if (!SOURCE.test(file.name)) continue;
      const path = join(dir, file.name);
      const lines = readFileSync(path, 'utf8').split('\n').length - 1;
      if (lines > MOST_LINES_A_FILE) found.push(`${relative(top, path)} has ${lines} lines`);
    }
    for (const entry of entries) if (entry.isDirectory()) walk(join(dir, entry.name));
  };
  walk(top);
  return found;
}

describe('the rooms of src/', () => {
  const planted = mkdtempSync(join(tmpdir(), 'house-rooms-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));

  it('no folder holds more than 20 files and no source file more than 400 lines', () => {
    expect(tooBig(join(ROOT, 'src'))).toEqual([]);
  });

  it('finds a crowded folder and a long file planted in a tree', () => {
    const crowded = join(planted, 'crowded');
    mkdirSync(crowded, { recursive: true });
    for (let i = 0; i <= MOST_FILES_A_FOLDER; i++) writeFileSync(join(crowded, `f${i}.ts`), 'export {};\n');
    writeFileSync(join(planted, 'long.tsx'), 'x;\n'.repeat(MOST_LINES_A_FILE + 1));
    writeFileSync(join(planted, 'at-the-limit.ts'), 'x;\n'.repeat(MOST_LINES_A_FILE));
    expect(tooBig(planted).sort()).toEqual([
      `crowded/ holds ${MOST_FILES_A_FOLDER + 1} files`,
      `long.tsx has ${MOST_LINES_A_FILE + 1} lines`,
    ]);
  });
});
