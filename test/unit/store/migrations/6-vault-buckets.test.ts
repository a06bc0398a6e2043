import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { VAULT_BUCKETS as BUCKETS } from '../../../../src/store/keys';
import { moveVaultToBuckets } from '../../../../src/store/migrations/6-vault-buckets';
import { LATER_MIGRATIONS, migrationsDone, runStoreMigrations } from '../../../../src/store/migrations/run';
import { findContacts, vault, watchVaultKeys } from '../../../../src/store/vault';
import { vaultWrite } from '../../../../src/store/vault-write';
import {
  contactRecord as contact,
  storedVaultIds,
  storedVaultKeys,
  profileOf as url,
} from '../../../support/vault-records';

/** A vault as version 1 kept it: a key per record and a key per id. */
function versionOne(count: number): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    stored[`contact:${url(`p${i}`)}`] = contact(`p${i}`, String(i));
    stored[`vault-id:${i}`] = url(`p${i}`);
  }
  return stored;
}

const ID_ONLY = { ...contact('nobody', '900'), key: 'id:900', socialUrl: null, name: 'No Profile' };
const UNREADABLE = { v: 99, note: 'written by a later version' };

/** Version 1 with the cases a move must carry: an id-only contact and a record that does not read. */
async function seedVersionOne(count = 20) {
  await browser.storage.local.set({
    ...versionOne(count),
    'contact:id:900': ID_ONLY,
    'vault-id:900': 'id:900',
    [`contact:${url('broken')}`]: UNREADABLE,
  });
}

const versionOneKeys = async () =>
  Object.keys(await browser.storage.local.get(null)).filter(
    (k) => k.startsWith('contact:') || k.startsWith('vault-id:'),
  );

/** What the vault answers, layout aside: every record by URL and by id, and the unreadable one as unreadable. */
async function answers(count = 20) {
  const targets = Array.from({ length: count }, (_, i) => ({ candidateId: String(i) }));
  return {
    byId: (await findContacts(targets)).map((r) => r?.name ?? null),
    byUrl: (await vault.getMany(Array.from({ length: count }, (_, i) => url(`p${i}`)))).map((r) => r.name),
    idOnly: (await vault.find({ candidateId: '900' }))?.name ?? null,
    broken: (await vault.read(url('broken'))).state,
    keys: await storedVaultKeys(),
    ids: await storedVaultIds(),
  };
}

describe('store migration 6: the vault into buckets', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('moves every record and id, the unreadable one untouched, and the vault answers the same before and after', async () => {
    await seedVersionOne();
    const before = await answers();
    expect(before.byId).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`));
    expect(before.idOnly).toBe('No Profile');
    expect(before.broken).toBe('unreadable');

    await moveVaultToBuckets(7, 0);

    expect(await versionOneKeys()).toEqual([]);
    expect(await answers()).toEqual(before);
    const stored = await browser.storage.local.get(null);
    const bucket = Object.values(stored).find((v) =>
      Object.hasOwn((v as { records?: object }).records ?? {}, url('broken')),
    ) as { records: Record<string, unknown> };
    expect(bucket.records[url('broken')]).toEqual(UNREADABLE);
    expect(stored).not.toHaveProperty('vault-moving');
  });

  it('a move cut off at any point, then run again, gives the same vault', async () => {
    await seedVersionOne();
    const before = await answers();
    // Cut off after a step's buckets are written and before its old keys are removed…
    const remove = vi
      .spyOn(browser.storage.local, 'remove')
      .mockRejectedValueOnce(new Error('worker stopped'));
    await expect(moveVaultToBuckets(7, 0)).rejects.toThrow('worker stopped');
    expect(await answers()).toEqual(before);
    remove.mockRestore();
    // …and in the middle: the first step's write goes through, the next step's fails.
    const realSet = browser.storage.local.set.bind(browser.storage.local);
    let sets = 0;
    const set = vi.spyOn(browser.storage.local, 'set').mockImplementation(async (items) => {
      if (++sets === 2) throw new Error('worker stopped');
      return realSet(items);
    });
    await expect(moveVaultToBuckets(7, 0)).rejects.toThrow('worker stopped');
    set.mockRestore();
    expect(await answers()).toEqual(before);

    await moveVaultToBuckets(7, 0);
    expect(await versionOneKeys()).toEqual([]);
    expect(await answers()).toEqual(before);
  });

  it('a contact written since the upgrade keeps what was written, not the older copy being moved', async () => {
    await seedVersionOne(3);
    const revealed = {
      ...contact('p1', '1'),
      phone: { found: true as const, value: '+1 555 0101', at: '2026-02-01T00:00:00.000Z' },
    };
    await vaultWrite.put(revealed);
    await moveVaultToBuckets(1, 0);
    expect(await vault.find({ socialUrl: url('p1') })).toEqual(revealed);
    expect(await vault.find({ candidateId: '1' })).toEqual(revealed);
  });

  it('watchers hear of no change while records move, and of a removal during the move', async () => {
    await seedVersionOne();
    const heard: string[][] = [];
    const changes = vi.fn();
    watchVaultKeys((keys) => heard.push(keys));
    vault.watchChanges(changes);
    await moveVaultToBuckets(7, 0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard, JSON.stringify(heard).slice(0, 300)).toEqual([]);
    expect(changes).not.toHaveBeenCalled();

    // A record still in its version 1 key is removed: watchers hear that it is gone.
    await browser.storage.local.set({
      [`contact:${url('late')}`]: contact('late', '77'),
      'vault-id:77': url('late'),
    });
    heard.length = 0;
    await vaultWrite.remove([url('late')]);
    await vi.waitFor(() => expect(heard.flat()).toContain(url('late')));
    expect(await vault.find({ candidateId: '77' })).toBeNull();
    expect(await versionOneKeys()).toEqual([]);
  });

  it('the key count stops growing with the vault', async () => {
    // 25,000 contacts were 50,000 keys; the buckets hold them in at most 16,384 + 4,096.
    await browser.storage.local.set(versionOne(25_000));
    await moveVaultToBuckets(5_000, 0);
    const keys = Object.keys(await browser.storage.local.get(null));
    expect(keys.length).toBeLessThanOrEqual(BUCKETS.records + BUCKETS.ids);
    expect(await storedVaultKeys()).toHaveLength(25_000);
    expect(
      (await findContacts([{ candidateId: '4321' }, { socialUrl: url('p17') }])).map((r) => r?.name),
    ).toEqual(['p4321', 'p17']);
  });

  it('runs after the others, is recorded once no old key is left, and a second run reads keys and writes nothing', async () => {
    await seedVersionOne(3);
    await runStoreMigrations(() => undefined, LATER_MIGRATIONS);
    expect(await migrationsDone()).toContain(6);
    expect(await versionOneKeys()).toEqual([]);
    const set = vi.spyOn(browser.storage.local, 'set');
    await moveVaultToBuckets();
    expect(
      set.mock.calls.filter(([v]) =>
        Object.keys(v).some((k) => k.startsWith('vault-bucket:') || k.startsWith('vault-ids:')),
      ),
    ).toEqual([]);
  });
});
