import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { db } from '../../../../../src/store/database/db';
import * as vaultModule from '../../../../../src/store/database/vault/vault';
import type { ContactRecord } from '../../../../../src/store/database/vault/vault-record';
import { readRecords, SPAN } from '../../../../../src/store/database/vault/vault-spans';
import { vaultWrite } from '../../../../../src/store/database/vault/vault-write';

const at = '2026-11-01T10:00:00.000Z';
const contact = (i: number): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/p${String(i).padStart(5, '0')}`,
  socialUrl: `https://www.linkedin.com/in/p${String(i).padStart(5, '0')}`,
  candidateId: String(i),
  name: `Person ${i}`,
  currentTitle: null,
  currentEmployer: null,
  email: { found: true, value: `p${i}@example.org`, at },
  updatedAt: at,
});

describe('reading many contacts at once', () => {
  const records = Array.from({ length: SPAN * 1.5 }, (_, i) => contact(i));
  beforeEach(async () => {
    fakeBrowser.reset();
    vi.restoreAllMocks();
    await vaultWrite.putMany(records);
  });

  it('reads most of the vault a span at a time, leaving out what was not asked for and what is not there', async () => {
    const byKey = vi.spyOn(vaultModule, 'readMany');
    const asked = records.filter((_, i) => i % 5 !== 0).map((r) => r.key);
    const progress = vi.fn();
    const found = await readRecords([...asked, 'https://www.linkedin.com/in/nobody'], progress);
    expect(byKey).not.toHaveBeenCalled();
    expect([...found.keys()].sort()).toEqual([...asked].sort());
    expect(found.get(asked[0]!)).toEqual(records[1]);
    expect(progress).toHaveBeenCalledTimes(2);
    expect(progress).toHaveBeenLastCalledWith(asked.length + 1, asked.length + 1);
  });

  it('reads a few contacts among many key by key', async () => {
    const byKey = vi.spyOn(vaultModule, 'readMany');
    const asked = [records[3]!.key, records[SPAN + 10]!.key];
    const found = await readRecords(asked);
    expect(byKey).toHaveBeenCalledTimes(1);
    expect([...found.values()]).toEqual(expect.arrayContaining([records[3], records[SPAN + 10]]));
    expect(found.size).toBe(2);
  });

  it('leaves out a stored contact that no longer reads, in a span as key by key', async () => {
    const broken = records[7]!.key;
    await (await db()).put('contacts', { key: broken, v: 99 } as never);
    expect((await readRecords(records.map((r) => r.key))).has(broken)).toBe(false);
    expect((await readRecords([broken])).has(broken)).toBe(false);
  });
});
