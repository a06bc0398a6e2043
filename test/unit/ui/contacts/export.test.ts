import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { EXPORT_CHUNK, exportCsv, exportVCards } from '../../../../src/ui/contacts/export';
import { toVCards } from '../../../../src/ui/helpers/vcard';
import { oneShotCsv } from './one-shot-csv';

const downloads = vi.hoisted(() => [] as Array<{ name: string; text: string }>);
vi.mock('../../../../src/ui/helpers/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

const at = '2026-11-01T10:00:00.000Z';
const contact = (i: number): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/c${i}`,
  socialUrl: `https://www.linkedin.com/in/c${i}`,
  candidateId: String(i),
  name: i % 7 === 0 ? `Zoë "Z" Müller, ${i}` : `Person ${i}`,
  currentTitle: 'Nurse',
  currentEmployer: 'Arbor Health',
  ...(i % 3 ? { location: 'Boston, MA' } : {}),
  email: { found: true, value: `c${i}@example.org`, at },
  ...(i % 2 ? { phone: { found: true, value: '+1 555 0100', at } } : {}),
  updatedAt: at,
});

describe('library export', () => {
  const records = Array.from({ length: EXPORT_CHUNK * 2 + 500 }, (_, i) => contact(i));
  beforeEach(async () => {
    fakeBrowser.reset();
    downloads.length = 0;
    await vaultWrite.putMany(records);
  });

  it('writes the contacts in the order given, says how far it has got, and writes the same file as one read would', async () => {
    const progress = vi.fn();
    // The library's order (newest first, a name sort) is not the key order the records are read in.
    const shown = [...records].reverse();
    expect(
      await exportCsv(
        shown.map((r) => r.key),
        progress,
      ),
    ).toBe(records.length);
    const told = progress.mock.calls.map(([done]) => done as number);
    expect(told.length).toBeGreaterThanOrEqual(3);
    expect(told).toEqual([...told].sort((a, b) => a - b));
    expect(progress).toHaveBeenLastCalledWith(records.length, records.length);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.text).toBe(oneShotCsv(shown));
    await exportCsv(records.map((r) => r.key));
    downloads.shift();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toMatch(/^contacts-\d{4}-\d\d-\d\d\.csv$/);
    expect(downloads[0]!.text).toBe(oneShotCsv(records));
    expect(downloads[0]!.text.match(/^\uFEFFName,/gm)).toHaveLength(1);
    // The location the row or the page gave at the reveal, where there was one.
    const [header, first, second] = downloads[0]!.text.split('\r\n');
    expect(header).toContain(',Location,');
    expect(first).toBe(
      '"Zoë ""Z"" Müller, 0",Nurse,Arbor Health,,https://www.linkedin.com/in/c0,c0@example.org,,,,,,,,',
    );
    expect(second).toContain(',"Boston, MA",');
  });

  it('leaves out a contact deleted meanwhile, and writes vCards the same way', async () => {
    await vaultWrite.remove([records[3]!.key]);
    const keys = records.map((r) => r.key);
    const kept = records.filter((_, i) => i !== 3);
    expect(await exportCsv(keys)).toBe(kept.length);
    expect(downloads[0]!.text).toBe(oneShotCsv(kept));
    expect(await exportVCards(keys)).toBe(kept.length);
    expect(downloads[1]!.text).toBe(toVCards(kept));
  });
});
