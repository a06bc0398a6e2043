import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { contactsIndexWriter } from '../../../src/background/contacts-index-writer';
import { BUILT_KEY } from '../../../src/contacts-index';
import { vault } from '../../../src/store/vault';
import type { ContactRecord } from '../../../src/store/vault-record';
import { vaultWrite } from '../../../src/store/vault-write';
import { exportCsv, exportVCards } from '../../../src/ui/contacts/export';
import { toVCards } from '../../../src/ui/vcard';
import {
  exported,
  PACKS,
  PACKS_BUILT_KEY,
  packEntryKey,
  packedRecord,
  packKey,
  packOf,
  readPack,
} from '../../../src/vault/packs';
import { buildPacks } from '../../../src/vault/packs-build-1';
import { oneShotCsv } from '../ui/contacts/one-shot-csv';

const downloads = vi.hoisted(() => [] as Array<{ name: string; text: string }>);
vi.mock('../../../src/ui/download', () => ({
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

const at = '2026-11-01T10:00:00.000Z';
const detailed = {
  skills: ['Triage', { name: 'ICU' }],
  experience: [{ title: 'Nurse', company: 'Arbor', years: 4 }],
  education: [{ school: 'Northeastern University' }],
  job_history: [{ employer: 'Arbor Health' }],
};
const contact = (i: number): ContactRecord => ({
  v: 1,
  key: i % 10 === 9 ? `id:${i}` : `https://www.linkedin.com/in/c${i}`,
  socialUrl: i % 10 === 9 ? null : `https://www.linkedin.com/in/c${i}`,
  candidateId: String(i),
  name: i % 7 === 0 ? `Zoë "Z"\tMüller,\n${i}` : `Person ${i}`,
  currentTitle: 'Nurse',
  currentEmployer: 'Arbor Health',
  email: { found: true, value: `c${i}@example.org`, at },
  ...(i % 2 ? { phone: { found: true, value: '+1 555 0100', at } } : { phone: { found: false, at } }),
  ...(i % 3 === 0 ? { detailed_profile: { found: true, value: detailed, at } } : {}),
  ...(i % 5 === 0
    ? { healthcare_profile: { found: true, value: { npi_number: `1${i}`, license_state: 'MA' }, at } }
    : {}),
  updatedAt: at,
});

/** Every pack as the records it holds, by vault key; null for a pack that is not built. */
async function packed(): Promise<Map<string, unknown> | null> {
  const stored = await browser.storage.local.get(Array.from({ length: PACKS }, (_, n) => packKey(n)));
  const out = new Map<string, unknown>();
  for (let n = 0; n < PACKS; n++) {
    const pack = readPack(stored[packKey(n)]);
    if (!pack) return null;
    for (const [key, record] of pack) {
      const vaultKey = JSON.parse(key) as string;
      expect(packOf(vaultKey)).toBe(n);
      out.set(vaultKey, packedRecord(vaultKey, record));
    }
  }
  return out;
}

const records = Array.from({ length: 600 }, (_, i) => contact(i));
const keys = records.map((r) => r.key);

describe('export packs', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    downloads.length = 0;
  });

  it('hold what an export needs of each contact, kept in step with the vault by the index writer', async () => {
    await vaultWrite.putMany(records);
    await contactsIndexWriter.rebuild(() => vault.all());
    expect((await browser.storage.local.get(PACKS_BUILT_KEY))[PACKS_BUILT_KEY]).toBe(1);
    expect(await packed()).toEqual(new Map(records.map((r) => [r.key, exported(r)])));
    // What an export writes is kept, no more: the skills of a detailed profile, found items alone, no dates.
    expect(exported(records[3]!)).toEqual({
      v: 1,
      key: records[3]!.key,
      socialUrl: records[3]!.socialUrl,
      candidateId: '3',
      name: 'Person 3',
      currentTitle: 'Nurse',
      currentEmployer: 'Arbor Health',
      email: { found: true, value: 'c3@example.org', at: '' },
      phone: { found: true, value: '+1 555 0100', at: '' },
      detailed_profile: {
        found: true,
        value: { skills: detailed.skills, experience: [], education: [], job_history: [] },
        at: '',
      },
      updatedAt: '',
    });
    expect(exported(records[9]!)).toMatchObject({ key: 'id:9', socialUrl: null });
    expect(exported(records[10]!).healthcare_profile).toEqual({
      found: true,
      value: { npi_number: '110', license_state: 'MA' },
      at: '',
    });
    expect(exported(records[10]!).phone).toBeUndefined();

    const changed = { ...records[1]!, email: { found: true as const, value: 'new@example.org', at } };
    await contactsIndexWriter.change([changed, contact(1000)], [records[2]!.key, records[9]!.key]);
    const expected = new Map(records.map((r) => [r.key, exported(r)]));
    expected.set(changed.key, exported(changed));
    expected.set(contact(1000).key, exported(contact(1000)));
    expected.delete(records[2]!.key);
    expected.delete(records[9]!.key);
    expect(await packed()).toEqual(expected);
  });

  it('let an export read no record, and write the same files as one read of every record would', async () => {
    await vaultWrite.putMany(records);
    await contactsIndexWriter.rebuild(() => vault.all());
    const getMany = vi.spyOn(vault, 'getMany');
    const get = vi.spyOn(browser.storage.local, 'get');
    const progress = vi.fn();
    expect(await exportCsv(keys, progress)).toBe(records.length);
    expect(getMany).not.toHaveBeenCalled();
    // Only packs are read, a few per call.
    const asked = get.mock.calls.flatMap(([k]) => (Array.isArray(k) ? k : [k]));
    expect(asked.every((k) => typeof k === 'string' && k.startsWith('contacts-pack:'))).toBe(true);
    expect(get.mock.calls.length).toBeLessThanOrEqual(PACKS / 8);
    expect(downloads[0]!.text).toBe(oneShotCsv(records));
    // Progress only grows, and ends at every contact.
    const done = progress.mock.calls.map(([d]) => d as number);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(progress.mock.calls.at(-1)).toEqual([records.length, records.length]);
    expect(await exportVCards(keys)).toBe(records.length);
    expect(downloads[1]!.text).toBe(toVCards(records));
    getMany.mockRestore();
    get.mockRestore();
  });

  it('a contact no pack holds, or whose pack does not read, is read from the vault', async () => {
    await vaultWrite.putMany(records);
    await contactsIndexWriter.rebuild(() => vault.all());
    const lost = packOf(records[4]!.key);
    await browser.storage.local.set({ [packKey(lost)]: 'v9\nsomething newer' });
    const extra = contact(2000);
    await vaultWrite.putMany([extra]);
    const getMany = vi.spyOn(vault, 'getMany');
    expect(await exportCsv([...keys, extra.key])).toBe(records.length + 1);
    expect(downloads[0]!.text).toBe(oneShotCsv([...records, extra]));
    const fromVault = getMany.mock.calls.flatMap(([chunk]) => chunk);
    expect(fromVault).toContain(records[4]!.key);
    expect(fromVault).toContain(extra.key);
    expect(fromVault.length).toBeLessThan(records.length / 10);
    getMany.mockRestore();
  });

  describe('migration 1: built once for a vault stored before them', () => {
    /** A vault and index as stored before packs existed. */
    async function storedBeforePacks() {
      await vaultWrite.putMany(records);
      await contactsIndexWriter.rebuild(() => vault.all());
      await browser.storage.local.remove([
        PACKS_BUILT_KEY,
        ...Array.from({ length: PACKS }, (_, n) => packKey(n)),
      ]);
      expect(await packed()).toBeNull();
      return browser.storage.local.get(null);
    }

    it('builds every pack from the vault, changing nothing stored before', async () => {
      const stored = await storedBeforePacks();
      // Until then, the index writer leaves the packs to the build, and the export reads the vault.
      await contactsIndexWriter.change([records[0]!]);
      expect(await packed()).toBeNull();
      expect(await exportCsv(keys)).toBe(records.length);
      expect(downloads[0]!.text).toBe(oneShotCsv(records));

      expect(await buildPacks(async () => {})).toBe(true);
      const now = await browser.storage.local.get(null);
      for (const [key, value] of Object.entries(stored)) expect(now[key], key).toEqual(value);
      expect(now[BUILT_KEY]).toBe(true);
      expect(now[PACKS_BUILT_KEY]).toBe(1);
      expect(await packed()).toEqual(new Map(records.map((r) => [r.key, exported(r)])));

      // Once built, a start reads the mark alone.
      const get = vi.spyOn(browser.storage.local, 'get');
      expect(await buildPacks(async () => {})).toBe(false);
      expect(get.mock.calls).toEqual([[PACKS_BUILT_KEY]]);
      get.mockRestore();
    });

    it('goes on where a stopped worker cut it off, and loses no change made meanwhile', async () => {
      await storedBeforePacks();
      // A build cut off after some packs: the packs built stay as they are.
      const kept = packOf(records[0]!.key);
      await browser.storage.local.set({ [packKey(kept)]: 'v1' });
      let steps = 0;
      const built = buildPacks(async () => {
        // A reveal lands halfway through the build.
        if (++steps === 32) {
          await vaultWrite.putMany([contact(3000)]);
          await contactsIndexWriter.change([contact(3000)]);
        }
      });
      expect(await built).toBe(true);
      const packs = (await packed())!;
      expect(packs.has(records[0]!.key)).toBe(false);
      expect(packs.get(contact(3000).key)).toEqual(exported(contact(3000)));
      const expected = records.filter((r) => packOf(r.key) !== kept);
      for (const r of expected) expect(packs.get(r.key), r.key).toEqual(exported(r));
      // The contact the kept pack misses is still exported, from the vault.
      expect(await exportCsv(keys)).toBe(records.length);
      expect(downloads[0]!.text).toBe(oneShotCsv(records));
    });
  });

  it('entry keys are JSON strings, so a key with a tab or line break cannot split a line', () => {
    expect(packEntryKey('id:a\tb\nc')).toBe('"id:a\\tb\\nc"');
  });

  it('an entry that does not read is no record (the vault is read instead)', () => {
    expect(packedRecord('k', 'not json')).toBeNull();
    expect(packedRecord('k', '[true,null]')).toBeNull();
    expect(packedRecord('k', JSON.stringify([true, null, 'A', null, null, 5, null, null, null]))).toBeNull();
  });
});
