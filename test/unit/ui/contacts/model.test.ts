import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { vault } from '../../../../src/store/database/vault/vault';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { type ContactSummary, FIRST_PAGE, libraryReads } from '../../../../src/ui/contacts/library-reads';
import { createLibraryModel, PAGE } from '../../../../src/ui/contacts/model';

const downloads = vi.hoisted(() => [] as Array<{ name: string; text: string }>);
vi.mock('../../../../src/ui/helpers/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

const at = Date.parse('2026-11-01T10:00:00.000Z');
/** Contact i changed i minutes after `at`; every other one holds a phone, every fifth is a nurse at Arbor. */
const contact = (i: number): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/c${i}`,
  socialUrl: `https://www.linkedin.com/in/c${i}`,
  candidateId: null,
  name: `Person ${i}`,
  currentTitle: i % 5 === 0 ? 'Nurse' : 'Engineer',
  currentEmployer: i % 5 === 0 ? 'Arbor Health' : 'Brightpath',
  email: { found: true, value: `c${i}@example.org`, at: new Date(at).toISOString() },
  ...(i % 2 ? { phone: { found: true, value: '+1 555 0100', at: new Date(at).toISOString() } } : {}),
  updatedAt: new Date(at + i * 60_000).toISOString(),
});
const names = (list: readonly ContactSummary[]) => list.map((s) => s.name);
const newest = (n: number, from: number) => Array.from({ length: n }, (_, i) => `Person ${from - 1 - i}`);

/** Holds `libraryReads.all()` until released: the moment between the first rows and every contact. */
function holdFullRead() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const read = libraryReads.all.bind(libraryReads);
  const spy = vi.spyOn(libraryReads, 'all').mockImplementation(async () => {
    await held;
    return read();
  });
  return { spy, release };
}

/** Library models made by a test, stopped after it: one left following the vault would read it on the next test's writes. */
const models: Array<ReturnType<typeof createLibraryModel>> = [];
function model() {
  const m = createLibraryModel();
  models.push(m);
  return m;
}
afterEach(() => {
  for (const m of models.splice(0)) m.dispose();
});

describe('the library opens in two steps', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await vaultWrite.putMany(Array.from({ length: 500 }, (_, i) => contact(i)));
  });

  it('lists the newest contacts and the exact counts from the first page, then everything', async () => {
    const { release } = holdFullRead();
    const m = model();
    const opening = m.init();
    await vi.waitFor(() => expect(m.loaded.value).toBe(true));

    expect(m.ready.value).toBe(false);
    expect(m.totals.value).toEqual({
      total: 500,
      held: { email: 500, phone: 250, detailed_profile: 0, healthcare_profile: 0 },
    });
    expect(m.matchCount.value).toBe(500);
    expect(names(m.visible.value)).toEqual(newest(PAGE, 500));
    // "Show more" within the first page shows its rows; past it, the rest come with every contact.
    m.showMore();
    expect(names(m.visible.value)).toEqual(newest(FIRST_PAGE, 500));
    m.showMore();
    expect(m.visible.value).toHaveLength(FIRST_PAGE);

    release();
    await opening;
    expect(m.ready.value).toBe(true);
    expect(names(m.visible.value)).toEqual(newest(3 * PAGE, 500));
    expect(m.matchCount.value).toBe(500);
    expect(m.totals.value.total).toBe(500);
  });

  it('a search or filter typed meanwhile lists its first page of matches, newest first, with no count until every contact is read', async () => {
    const { release } = holdFullRead();
    const m = model();
    const opening = m.init();
    await vi.waitFor(() => expect(m.loaded.value).toBe(true));
    const firstMatching = vi.spyOn(libraryReads, 'firstMatching');

    m.setQuery({ text: 'nurse arbor' });
    expect(m.matches.value).toBeNull();
    expect(m.matchCount.value).toBeNull();
    // The newest 100 of the 100 nurses: every fifth contact, from 495 down to 0 (beyond the first page).
    await vi.waitFor(() => expect(m.visible.value).toHaveLength(PAGE));
    expect(names(m.visible.value)).toEqual(Array.from({ length: PAGE }, (_, i) => `Person ${495 - 5 * i}`));
    expect(m.matchCount.value).toBeNull();
    // Oldest first, with a filter: the contacts with a phone (every odd one), from the oldest on.
    m.setQuery({ text: '', holding: 'phone', sort: 'oldest' });
    expect(m.visible.value).toEqual([]);
    await vi.waitFor(() => expect(m.visible.value).toHaveLength(PAGE));
    expect(names(m.visible.value).slice(0, 3)).toEqual(['Person 1', 'Person 3', 'Person 5']);
    // An order by text needs every contact: nothing is listed until then.
    m.setQuery({ holding: 'any', sort: 'name' });
    expect(m.matchCount.value).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(m.visible.value).toEqual([]);
    expect(firstMatching).toHaveBeenCalledTimes(2);
    m.setQuery({ sort: 'newest', text: 'nurse arbor' });

    release();
    await opening;
    // All 100 nurses at Arbor, most of them beyond the first page.
    expect(m.matchCount.value).toBe(100);
    expect(m.visible.value).toHaveLength(PAGE);
    expect(m.visible.value.every((s) => s.title === 'Nurse')).toBe(true);
    expect(m.visible.value.at(-1)!.name).toBe('Person 0');
  });

  it('exports nothing until every contact is read', async () => {
    const { release } = holdFullRead();
    const getMany = vi.spyOn(vault, 'getMany');
    const m = model();
    const opening = m.init();
    await vi.waitFor(() => expect(m.loaded.value).toBe(true));
    await m.exportAs('csv');
    expect(getMany).not.toHaveBeenCalled();
    expect(m.notice.value).toBe('');
    release();
    await opening;
  });

  it('a small vault is read from the first page alone', async () => {
    await vaultWrite.clear();
    await vaultWrite.putMany(Array.from({ length: 30 }, (_, i) => contact(i)));
    const all = vi.spyOn(libraryReads, 'all');
    const m = model();
    await m.init();
    expect(all).not.toHaveBeenCalled();
    expect(m.ready.value).toBe(true);
    expect(m.matchCount.value).toBe(30);
    m.setQuery({ text: 'nurse' });
    expect(m.matchCount.value).toBe(6);
  });

  it('a change while every contact is shown is applied by reading the contacts it names, not every contact', async () => {
    const m = model();
    await m.init();
    expect(m.ready.value).toBe(true);
    m.setQuery({ text: 'nurse' });
    expect(m.matchCount.value).toBe(100);
    // The seeding's own announcement may still be on its way: it is heard before the change under test.
    await new Promise((resolve) => setTimeout(resolve, 400));

    const all = vi.spyOn(libraryReads, 'all');
    const some = vi.spyOn(libraryReads, 'some');
    const changing = Promise.all([vaultWrite.put(contact(1000)), vaultWrite.remove([contact(0).key])]);
    // Until it lands, the list shown stays.
    expect(m.matchCount.value).toBe(100);
    await changing;
    await vi.waitFor(() => expect(names(m.visible.value)[0]).toBe('Person 1000'));
    expect(m.totals.value.total).toBe(500);
    expect(m.matchCount.value).toBe(100);
    expect(names(m.matches.value!)).not.toContain('Person 0');
    expect(all).not.toHaveBeenCalled();
    const byKey = (list: readonly ContactSummary[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
    expect(byKey(m.all.value!)).toEqual(byKey(await libraryReads.all()));
    all.mockClear();
    some.mockClear();

    // Many changes close together (a bulk reveal) are applied together.
    await Promise.all(Array.from({ length: 20 }, (_, i) => vaultWrite.put(contact(2000 + i))));
    await vi.waitFor(() => expect(m.totals.value.total).toBe(520));
    expect(all).not.toHaveBeenCalled();
    expect(some.mock.calls.length).toBeLessThan(20);

    // "Clear revealed contacts" elsewhere empties the list.
    await vaultWrite.clear();
    await vi.waitFor(() => expect(m.totals.value.total).toBe(0));
    expect(m.visible.value).toEqual([]);
  });

  it('a change while every contact is being read reads them again after', async () => {
    const { spy, release } = holdFullRead();
    const m = model();
    const opening = m.init();
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    await vaultWrite.put(contact(1000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await opening;
    await vi.waitFor(() => expect(m.totals.value.total).toBe(501));
    expect(names(m.visible.value)[0]).toBe('Person 1000');
  });

  it('lists the default order from the first page while it leads every contact, and sorts when it does not', async () => {
    const m = model();
    await m.init();
    expect(m.ready.value).toBe(true);
    expect(names(m.visible.value)).toEqual(newest(PAGE, 500));
    m.showMore();
    expect(names(m.visible.value)).toEqual(newest(2 * PAGE, 500));
    // Past the first page: every contact in order.
    m.showMore();
    expect(names(m.visible.value)).toEqual(newest(3 * PAGE, 500));
    expect(m.matchCount.value).toBe(500);
  });
});

describe('the selection', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await vaultWrite.putMany(Array.from({ length: 20 }, (_, i) => contact(i)));
  });

  it('selects every contact matching the search, not only those listed, and keeps them across searches', async () => {
    const m = model();
    await m.init();
    m.select([contact(1).key], true);
    m.setQuery({ text: 'Nurse' });
    expect(m.matchCount.value).toBe(4);
    expect(m.allMatchingSelected.value).toBe(false);
    m.selectMatching();
    expect(m.allMatchingSelected.value).toBe(true);
    m.setQuery({ text: '' });
    expect([...m.selected.value].sort()).toEqual([0, 1, 5, 10, 15].map((i) => contact(i).key).sort());
    expect(m.allMatchingSelected.value).toBe(false);
    m.select([contact(5).key], false);
    expect(m.selected.value.size).toBe(4);
    m.clearSelection();
    expect(m.selected.value.size).toBe(0);
  });

  it('exports the contacts selected when some are (in the list order, those the search hides after), else those shown', async () => {
    downloads.length = 0;
    const m = model();
    await m.init();
    m.select([contact(3).key, contact(15).key, contact(5).key], true);
    m.setQuery({ text: 'Nurse' });
    const rows = () => downloads.shift()!.text.split('\r\n').slice(1).filter(Boolean);
    const named = (...people: number[]) =>
      people.map((i) => expect.stringMatching(new RegExp(`^Person ${i},`)));

    await m.exportAs('csv');
    expect(rows()).toEqual(named(15, 5, 3));
    expect(m.notice.value).toBe('Exported 3 contacts.');
    await m.exportAs('vcard');
    expect(downloads.shift()!.text.match(/^FN:.*$/gm)).toEqual([
      'FN:Person 15',
      'FN:Person 5',
      'FN:Person 3',
    ]);

    m.clearSelection();
    await m.exportAs('csv');
    expect(rows()).toEqual(named(15, 10, 5, 0));
  });
});
