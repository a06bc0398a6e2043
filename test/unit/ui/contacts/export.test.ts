import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { vault } from '../../../../src/store/vault';
import type { ContactRecord } from '../../../../src/store/vault-record';
import { vaultWrite } from '../../../../src/store/vault-write';
import { EXPORT_CHUNK, exportCsv, exportVCards } from '../../../../src/ui/contacts/export';
import { toVCards } from '../../../../src/ui/vcard';
import { oneShotCsv } from './one-shot-csv';

const downloads = vi.hoisted(() => [] as Array<{ name: string; text: string }>);
vi.mock('../../../../src/ui/download', () => ({
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

  it('reads the records a chunk at a time, says how far it has got, and writes the same file as one read would', async () => {
    const getMany = vi.spyOn(vault, 'getMany');
    const progress = vi.fn();
    const keys = records.map((r) => r.key);
    expect(await exportCsv(keys, progress)).toBe(records.length);
    expect(getMany.mock.calls.map(([chunk]) => chunk.length)).toEqual([EXPORT_CHUNK, EXPORT_CHUNK, 500]);
    expect(progress.mock.calls).toEqual([
      [EXPORT_CHUNK, records.length],
      [EXPORT_CHUNK * 2, records.length],
      [records.length, records.length],
    ]);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toMatch(/^contacts-\d{4}-\d\d-\d\d\.csv$/);
    expect(downloads[0]!.text).toBe(oneShotCsv(records));
    expect(downloads[0]!.text.match(/^\uFEFFName,/gm)).toHaveLength(1);
    // The location the row or the page gave at the reveal, where there was one.
    const [header, first, second] = downloads[0]!.text.split('\r\n');
    expect(header).toContain(',Location,');
    expect(first).toBe(
      '"Zoë ""Z"" Müller, 0",Nurse,Arbor Health,,https://www.linkedin.com/in/c0,c0@example.org,,,,,,',
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
