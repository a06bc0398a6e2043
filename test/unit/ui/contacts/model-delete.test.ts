import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import {
  putBackRecords,
  type TakenOut,
  takeOutRecords,
} from '../../../../src/store/database/vault/vault-restore';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { libraryReads } from '../../../../src/ui/contacts/library-reads';
import { createLibraryModel } from '../../../../src/ui/contacts/model';

// The background's answers to the library's delete and Undo, made by the store functions the background calls.
vi.mock('../../../../src/ui/rpc', () => ({
  call: async (type: string, input: { keys: string[] } | TakenOut) =>
    type === 'takeOutContacts'
      ? { ok: true, value: await takeOutRecords((input as { keys: string[] }).keys) }
      : { ok: true, value: { restored: await putBackRecords(input as TakenOut) } },
}));

const at = Date.parse('2026-11-01T10:00:00.000Z');
const contact = (i: number): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/d${i}`,
  socialUrl: `https://www.linkedin.com/in/d${i}`,
  candidateId: null,
  name: `Person ${i}`,
  currentTitle: i % 5 === 0 ? 'Nurse' : 'Engineer',
  currentEmployer: 'Arbor Health',
  email: { found: true, value: `d${i}@example.org`, at: new Date(at).toISOString() },
  updatedAt: new Date(at + i * 60_000).toISOString(),
});

const models: Array<ReturnType<typeof createLibraryModel>> = [];
afterEach(() => {
  for (const m of models.splice(0)) m.dispose();
  vi.restoreAllMocks();
});

describe("the library's delete", () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await vaultWrite.clear();
    await vaultWrite.putMany(Array.from({ length: 400 }, (_, i) => contact(i)));
  });

  it('takes the rows out as the background removes them, reading no contact, and Undo reads back only those', async () => {
    const m = createLibraryModel();
    models.push(m);
    await m.init();
    expect(m.ready.value).toBe(true);
    m.setQuery({ text: 'nurse' });
    expect(m.matchCount.value).toBe(80);
    // The seeding's own announcement may still be on its way: it is heard before the delete.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const all = vi.spyOn(libraryReads, 'all');
    const first = vi.spyOn(libraryReads, 'first');
    const some = vi.spyOn(libraryReads, 'some');

    const gone = [contact(395).key, contact(390).key, contact(1).key];
    await m.remove(gone);
    // Gone from the list, the counts and the matches as soon as the delete returns: nothing was read for it.
    expect(m.totals.value.total).toBe(397);
    expect(m.totals.value.held.email).toBe(397);
    expect(m.matchCount.value).toBe(78);
    expect(m.visible.value.map((s) => s.name).slice(0, 2)).toEqual(['Person 385', 'Person 380']);
    expect(some).not.toHaveBeenCalled();
    expect(all).not.toHaveBeenCalled();
    expect(first).not.toHaveBeenCalled();
    expect(m.notice.value).toBe('Deleted 3 contacts.');

    // The vault's announcement of the delete changes nothing more.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(m.totals.value.total).toBe(397);

    await m.undoDelete();
    expect(m.notice.value).toBe('Brought back 3 contacts.');
    expect(m.totals.value).toEqual({
      total: 400,
      held: { email: 400, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
    });
    expect(m.matchCount.value).toBe(80);
    expect(m.visible.value.map((s) => s.name).slice(0, 2)).toEqual(['Person 395', 'Person 390']);
    expect(all).not.toHaveBeenCalled();
    expect(first).not.toHaveBeenCalled();
    expect(new Set(some.mock.calls.flatMap(([keys]) => keys))).toEqual(new Set(gone));
    // What the list shows is what a fresh read of the vault shows.
    const byKey = (list: readonly { key: string }[]) => [...list].map((s) => s.key).sort();
    expect(byKey(m.all.value!)).toEqual(byKey(await libraryReads.all()));
  });
});
