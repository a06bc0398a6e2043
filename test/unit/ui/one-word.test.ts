/**
 * One thing has one name on every screen: the items a reveal retrieves and a profile the service has no match for
 * are named in `src/ui/words/` and nowhere else, and the names a screen once used for them are gone from every source
 * a screen, a receipt, a menu or an export is built from. A bulk reveal counts the same contacts on its button, its
 * progress and its end; a charge is said with its own time; a saved search is named by what it runs; a list starts
 * with no one selected in the popup as in the side panel; no key is always said with the way to Options.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { signal } from '@preact/signals';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SearchResponse } from '@/src/api/schema';
import { RETRIEVABLE } from '@/src/api/schema-parts';
import { bulkProgress } from '@/src/bulk/job';
import { PART_LABELS } from '@/src/ledger/usage';
import type { PersonOnPage } from '@/src/protocol/shapes';
import { freezeRequest } from '@/src/search/paging';
import { SEARCH_MODES } from '@/src/store/database/search';
import type { PopupModel } from '@/src/ui/popup/model';
import { createPageListModel } from '@/src/ui/popup/page-list-model';
import { askAgain, ITEM_LABEL, ITEM_SHORT, NOT_FOUND, notFoundOn } from '@/src/ui/words/items';
import {
  chargeLine,
  contacts,
  foundOfLookedUp,
  lookedUp,
  lookUps,
  NONE_SELECTED,
  revealContacts,
  revealingContacts,
  SELECT_ALL_ON_PAGE,
  savedSearchKind,
} from '@/src/ui/words/lists';
import { addLabel, PANEL_WORDS, revealLabel } from '@/src/ui/words/panel';
import { NO_KEY, NO_KEY_NEXT } from '@/src/ui/words/service';

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
  ['Not known to the service', NOT_FOUND],
  ['does not know this profile', NOT_FOUND],
  // What the service had nothing for has one name, "Not found · 6 Dec", on every screen and in every export.
  ['Nothing found', NOT_FOUND],
  ['nothing found', NOT_FOUND],
  ['No email found', NOT_FOUND],
  ['No phone found', NOT_FOUND],
  ['No match found', NOT_FOUND],
  ['Unknown to the service', NOT_FOUND],
  ['Items not known', NOT_FOUND],
  // A bulk reveal's button: "Reveal 2 contacts, up to 6 credits" in the popup as in the panel.
  ['selected · up to', revealContacts(2, '6 credits')],
  ['Set your API key in Options first', NO_KEY],
] as const;

/** Words said on more than one screen, written once in the words folder and nowhere else. */
const SHARED = [NO_KEY, NO_KEY_NEXT, SELECT_ALL_ON_PAGE, NONE_SELECTED];

describe('one word per thing', () => {
  it.each(RETIRED)('"%s" is said nowhere ("%s" is its name)', (retired) => {
    const using = sources(SRC).filter((file) => readFileSync(file, 'utf8').includes(retired));
    expect(using.map((file) => relative(SRC, file))).toEqual([]);
  });

  it.each(SHARED)('"%s" is written once, in the words folder', (words) => {
    const using = sources(SRC).filter((file) => readFileSync(file, 'utf8').includes(`'${words}'`));
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
    expect(PANEL_WORDS.unknownProfile).toBe(NOT_FOUND);
  });

  it('what the service had nothing for is "Not found" with its day, and asking again says its price', () => {
    expect(notFoundOn('2026-12-06T10:00:00.000Z')).toBe('Not found · 6 Dec');
    expect(PANEL_WORDS.noEmail).toBe('Email not found');
    expect(askAgain('3 credits')).toBe('Ask again · up to 3 credits');
  });
});

describe('a bulk reveal counts one thing: the contacts it looks up', () => {
  // Ten selected, five of them revealed already (free): the button, the progress and the end count the other five.
  const items = Array.from({ length: 10 }, (_, i) => ({
    key: `https://www.linkedin.com/in/p${i}`,
    target: { socialUrl: `https://www.linkedin.com/in/p${i}`, candidateId: null },
    name: `P${i}`,
    state: i < 5 ? ('held' as const) : i < 7 ? ('revealed' as const) : ('queued' as const),
    ...(i >= 5 && i < 7 ? { asked: ['email' as const], retrieved: ['email' as const], charged: 3 } : {}),
  }));
  const job = { items } as unknown as Parameters<typeof bulkProgress>[0];
  const price = { email: 3, phone: 6, detailed_profile: 1, healthcare_profile: 1 };

  it('says the same count on the button, while it runs and at its end', () => {
    const { done, toLookUp } = lookUps(bulkProgress(job, price));
    expect(revealContacts(5, '15 credits')).toBe('Reveal 5 contacts, up to 15 credits');
    expect(lookedUp(done, toLookUp)).toBe('2 of 5 contacts');
    expect(revealingContacts(toLookUp)).toMatch(/^Revealing 5 contacts\./);
    expect(foundOfLookedUp(2, toLookUp, '6 credits')).toBe('2 of 5 contacts found · 6 credits');
    for (const words of [
      revealContacts(5, 'x'),
      lookedUp(done, toLookUp),
      foundOfLookedUp(2, toLookUp, 'x'),
    ]) {
      expect(words).toContain(contacts(5));
    }
  });
});

describe('a charge is said with its own time', () => {
  const now = new Date('2026-11-28T09:00:00.000Z');
  const charged = '2026-11-21T06:12:00.000Z';

  it('an old charge is never paired with a balance read since, and says its day', () => {
    const line = chargeLine(9, charged, { remaining: 9982, checkedAt: now.toISOString() }, now);
    expect(line.balance).toBeNull();
    expect(line.charged).toBe('Charged 9');
    expect(line.at).toMatch(/^21 Nov, \d\d:\d\d$/);
  });

  it('the balance a reveal left is said with its charge, at that time', () => {
    const at = '2026-11-28T08:59:00.000Z';
    const line = chargeLine(9, at, { remaining: 9991, checkedAt: '2026-11-28T08:59:01.000Z' }, now);
    expect(line.balance).toBe('Balance 9,991');
    expect(line.at).toMatch(/^\d\d:\d\d$/);
  });
});

describe('a saved search is named by what it runs', () => {
  it.each(SEARCH_MODES)('%s: saved as filters, named as filters', (mode) => {
    const first =
      mode === 'filters'
        ? { search_criteria: { current_title: ['Nurse'] } }
        : mode === 'free_text'
          ? { free_text_search: 'nurses in Boston' }
          : { jd_search: 'A nurse in Boston' };
    const parsed = { current_title: ['Registered Nurse'] };
    const response = {
      ...(mode === 'free_text' ? { free_text_searched: parsed } : {}),
      ...(mode === 'jd' ? { jd_searched: parsed } : {}),
    } as unknown as SearchResponse;
    const runs = freezeRequest(first, response);
    expect(runs.search_criteria).toBeDefined();
    expect(runs).not.toHaveProperty('free_text_search');
    expect(runs).not.toHaveProperty('jd_search');
    expect(savedSearchKind(mode)).toMatch(/^Filters\b/);
  });
});

describe('a list starts with no one selected, in the popup as in the side panel', () => {
  beforeEach(() => fakeBrowser.reset());

  it('the popup ticks no one until "Select all on this page", which skips those with nothing left to ask', async () => {
    const person = (slug: string, over: Partial<PersonOnPage> = {}): PersonOnPage => ({
      name: slug,
      headline: null,
      location: null,
      socialUrl: `https://www.linkedin.com/in/${slug}`,
      pageUrl: null,
      record: null,
      revealed: false,
      ...over,
    });
    const people = [
      person('ada'),
      person('grace'),
      person('nobody', { record: { unknownAt: '2026-11-20T10:00:00.000Z' } as PersonOnPage['record'] }),
    ];
    const m = {
      selection: signal(['email']),
      page: signal({ list: true, people }),
      spendProblem: () => null,
    } as unknown as PopupModel;
    const list = createPageListModel(m);
    expect(list.plan.value.quote.contacts).toBe(0);
    expect(list.allSelected.value).toBe(false);
    list.selectAll();
    expect(list.plan.value.quote.contacts).toBe(2);
    expect(list.isPicked(people[2]!.socialUrl!)).toBe(false);
    expect(list.allSelected.value).toBe(true);
  });
});
