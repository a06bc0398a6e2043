/**
 * One thing has one name on every screen: the items a reveal retrieves and a profile the service has no match for
 * are named in `src/ui/words/` and nowhere else, and the names a screen once used for them are gone from every source
 * a screen, a receipt, a menu or an export is built from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RETRIEVABLE } from '@/src/api/schema-parts';
import { PART_LABELS } from '@/src/ledger/usage';
import { ITEM_LABEL, ITEM_SHORT, NO_MATCH } from '@/src/ui/words/items';
import { addLabel, PANEL_WORDS, revealLabel } from '@/src/ui/words/panel';

const SRC = resolve(import.meta.dirname, '../../../src');

/** Every TypeScript source outside the words folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.endsWith(join('ui', 'words')) ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Names a screen used for a thing that has another name everywhere else. */
const RETIRED = [
  ['profile details', ITEM_SHORT.detailed_profile],
  ['Not known to the service', NO_MATCH],
  ['does not know this profile', NO_MATCH],
] as const;

describe('one word per thing', () => {
  it.each(RETIRED)('"%s" is said nowhere ("%s" is its name)', (retired) => {
    const using = sources(SRC).filter((file) => readFileSync(file, 'utf8').includes(retired));
    expect(using.map((file) => relative(SRC, file))).toEqual([]);
  });

  it.each(RETRIEVABLE)('%s: its short name is its name, shortened, on every screen', (item) => {
    expect(ITEM_LABEL[item].toLowerCase()).toContain(ITEM_SHORT[item]);
    // The panel's buttons, the usage chart's parts.
    expect(addLabel(item, '1 credit')).toBe(`Add ${ITEM_SHORT[item]} · 1 credit`);
    expect(revealLabel([item], '1 credit')).toBe(`Reveal ${ITEM_SHORT[item]} · up to 1 credit`);
    expect([ITEM_LABEL[item], ITEM_SHORT[item]].map((w) => w.toLowerCase())).toContain(
      PART_LABELS[item].toLowerCase(),
    );
  });

  it('a profile with no match is named the same in the side panel as everywhere', () => {
    expect(PANEL_WORDS.unknownProfile).toBe(NO_MATCH);
  });
});
