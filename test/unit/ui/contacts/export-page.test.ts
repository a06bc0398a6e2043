import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { exportCsv } from '../../../../src/ui/contacts/export';
import { keptLine } from '../../../../src/ui/contacts/export-rows';
import { createLibraryModel } from '../../../../src/ui/contacts/model';
import { DEFAULT_QUERY, type LibraryQuery } from '../../../../src/ui/contacts/query';
import { oneShotCsv } from './one-shot-csv';

const downloads = vi.hoisted(() => [] as Array<{ name: string; text: string }>);
vi.mock('../../../../src/ui/helpers/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));
/** Every read of records an export makes, by the keys it asked for. */
const reads = vi.hoisted(() => [] as string[][]);
vi.mock('../../../../src/store/database/vault/vault-spans', async (original) => {
  const spans = await original<typeof import('../../../../src/store/database/vault/vault-spans')>();
  return {
    ...spans,
    readRecords: (keys: readonly string[], progress?: (done: number, total: number) => void) => {
      reads.push([...keys]);
      return spans.readRecords(keys, progress);
    },
  };
});

const at = '2026-11-01T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
/**
 * Contacts with every kind of cell: items found, not found and never asked, a person the service did not know, skills,
 * healthcare data, a job change, data flagged wrong (an email, a whole person, a flag taken back), text a spreadsheet
 * would run or must quote, and fields missing.
 */
const contact = (i: number): ContactRecord => {
  const key = i % 11 === 10 ? `id:${9000 + i}` : `https://www.linkedin.com/in/p${i}`;
  const found = <T>(value: T) => ({ found: true as const, value, at: later(i) });
  return {
    v: 1,
    key,
    socialUrl: key.startsWith('id:') ? null : key,
    candidateId: i % 4 === 0 ? null : String(9000 + i),
    name: i % 13 === 0 ? null : i % 7 === 0 ? `=HYPERLINK("x"), "Zoë" ${i}` : `Person ${i}`,
    currentTitle: i % 5 === 0 ? ' Nurse, ICU' : 'Engineer',
    currentEmployer: i % 9 === 0 ? null : 'Arbor Health',
    ...(i % 3 ? { location: i % 2 ? 'Boston, MA' : '-Paris' } : {}),
    ...(i % 6 === 0
      ? {}
      : { email: i % 8 === 1 ? { found: false as const, at: later(i) } : found(`p${i}@example.org`) }),
    ...(i % 2
      ? { phone: found(i % 4 === 1 ? '+1 555 0100' : '+cmd|calc') }
      : { phone: { found: false, at: later(-i * 1440) } }),
    ...(i % 17 === 3 ? { unknownAt: later(i) } : {}),
    ...(i % 3 === 0
      ? {
          detailed_profile: found({
            skills: ['Triage', { name: 'ICU' }, 'a "quoted"\nskill'],
            experience: [],
            education: [],
            job_history: [],
          }),
        }
      : {}),
    ...(i % 10 === 4
      ? { healthcare_profile: found({ npi_number: '1234567890', license_state: 'MA', specialty: 'Nursing' }) }
      : {}),
    ...(i % 12 === 5 ? { observed: { title: 'Staff Nurse', employer: null, at: later(i + 5) } } : {}),
    ...(i % 10 === 2 ? { flags: { email: { at: later(i + 1), value: `p${i}@example.org` } } } : {}),
    ...(i % 10 === 7 ? { flags: { person: { at: later(i + 1), note: 'another person' } } } : {}),
    ...(i % 10 === 9 ? { flags: { phone: { at: later(i + 1), unflagged: { at: later(i + 2) } } } } : {}),
    updatedAt: later(i),
  };
};
const N = 240;

const models: Array<ReturnType<typeof createLibraryModel>> = [];
async function readyModel() {
  const m = createLibraryModel();
  models.push(m);
  await m.init();
  await vi.waitFor(() => expect(m.ready.value).toBe(true));
  return m;
}
afterEach(() => {
  for (const m of models.splice(0)) m.dispose();
});

beforeEach(async () => {
  fakeBrowser.reset();
  downloads.length = 0;
  reads.length = 0;
  await vaultWrite.putMany(Array.from({ length: N }, (_, i) => contact(i)));
});

/** The keys the model exports now, in its order (what `exportAs` hands the export). */
const listed = (m: ReturnType<typeof createLibraryModel>) => (m.matches.value ?? []).map((s) => s.key);

/** The file a fresh read of every record writes for these keys: the path without the page. */
async function freshRead(keys: readonly string[], includeFlagged = false): Promise<string> {
  await exportCsv(keys, undefined, includeFlagged);
  return downloads.pop()!.text;
}

describe("the library's CSV from what the page holds", () => {
  it('is the file a fresh read of every record writes, byte for byte, in every order and with flagged data or without', async () => {
    const m = await readyModel();
    const queries: Array<Partial<LibraryQuery>> = [
      {},
      { sort: 'name' },
      { sort: 'name', text: 'nurse' },
      { sort: 'newest', text: '', holding: 'flagged' },
    ];
    for (const query of queries) {
      m.setQuery(query);
      for (const include of [false, true]) {
        m.includeFlagged.value = include;
        reads.length = 0;
        await m.exportAs('csv');
        const page = downloads.pop()!.text;
        // Nothing was read again: every line came from what the page holds.
        expect(reads).toEqual([]);
        const keys = listed(m);
        expect(keys.length).toBeGreaterThan(0);
        expect(page).toBe(await freshRead(keys, include));
        expect(m.notice.value).toBe(`Exported ${keys.length} contact${keys.length === 1 ? '' : 's'}.`);
      }
    }
    // And the same as the side panel's writer over the records themselves.
    m.setQuery(DEFAULT_QUERY);
    m.includeFlagged.value = true;
    await m.exportAs('csv');
    const byKey = new Map(Array.from({ length: N }, (_, i) => [contact(i).key, contact(i)]));
    expect(downloads.pop()!.text).toBe(oneShotCsv(listed(m).map((key) => byKey.get(key)!)));
  });

  it('writes a contact changed or deleted elsewhere as it is now, even before the page has applied the change', async () => {
    const m = await readyModel();
    const keys = listed(m);
    const changed = {
      ...contact(20),
      name: 'Renamed Elsewhere',
      email: { found: true as const, value: 'new@example.org', at },
    };
    await vaultWrite.put(changed);
    await vaultWrite.remove([contact(21).key]);
    // Heard of (the vault announced both), and not yet applied by the page (it waits a moment to batch changes).
    const before = m.all.value!;
    const heldOf = (key: string) => before.find((s) => s.key === key)!;
    await vi.waitFor(() => {
      expect(keptLine(heldOf(changed.key), false)).toBeUndefined();
      expect(keptLine(heldOf(contact(21).key), false)).toBeUndefined();
    });
    reads.length = 0;
    await m.exportAs('csv');
    const page = downloads.pop()!.text;
    // Only the contacts changed were read again (none, had the page applied the changes meanwhile).
    expect(reads.flat().filter((key) => key !== contact(20).key && key !== contact(21).key)).toEqual([]);
    expect(page).toContain('Renamed Elsewhere');
    expect(page).not.toContain(`Person 21,`);
    expect(page).toBe(await freshRead(keys));
    // Once the page has applied them, its own lines are written, with nothing read.
    await vi.waitFor(() => expect(m.all.value!.some((s) => s.key === contact(21).key)).toBe(false));
    reads.length = 0;
    await m.exportAs('csv');
    expect(reads).toEqual([]);
    expect(downloads.pop()!.text).toBe(await freshRead(listed(m)));
  });

  it('reads every contact again after every contact was removed elsewhere, and writes only the header then', async () => {
    const m = await readyModel();
    const keys = listed(m);
    await vaultWrite.clear();
    const held = m.all.value!;
    // Heard of (a write's announcement follows its transaction's end by a moment).
    await vi.waitFor(() => expect(keptLine(held[0]!, false)).toBeUndefined());
    expect(await exportCsv(keys, undefined, false, (key) => m.all.value!.find((s) => s.key === key))).toBe(0);
    expect(downloads.pop()!.text).toBe(await freshRead([]));
  });
});
