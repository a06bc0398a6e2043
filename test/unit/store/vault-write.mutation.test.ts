/**
 * What the vault's writes owe the pages that show it: the library's counts follow what housekeeping removed, a
 * housekeeping pass that removed nothing tells no page anything (an empty change means "the vault was cleared"), and
 * every contact of a write too big for one announcement is still heard of. Written for mutants of
 * `src/store/database/vault/vault-write.ts` that survived the other tests.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { vault, watchVaultKeys } from '../../../src/store/database/vault/vault';
import { vaultRetention } from '../../../src/store/database/vault/vault-retention';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { libraryReads } from '../../../src/ui/contacts/library-reads';
import { contactRecord as contact, profileOf as url } from '../../support/vault-records';

/** Changes announced on the channel arrive a task later. */
const heard = () => new Promise((resolve) => setTimeout(resolve, 50));

let stops: Array<() => void> = [];
beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

const CUTOFF = new Date('2026-01-01T00:00:00.000Z');

describe('housekeeping and the pages that show the vault', () => {
  it("the library's counts drop by the contacts housekeeping removed", async () => {
    await vaultWrite.putMany([
      { ...contact('old', '1'), updatedAt: '2025-01-01T00:00:00.000Z' },
      { ...contact('new', '2'), updatedAt: '2026-03-01T00:00:00.000Z' },
    ]);
    expect((await libraryReads.first()).totals).toMatchObject({ total: 2, held: { email: 2 } });
    expect(await vaultRetention.purgeOlderThan(CUTOFF, 10)).toMatchObject({ removed: 1 });
    expect((await libraryReads.first()).totals).toMatchObject({ total: 1, held: { email: 1 } });
  });

  it('a pass that removes nothing tells no page of a change: a contact on screen stays on screen', async () => {
    // A moment that is no date says nothing of the record's age: housekeeping looks at it and keeps it.
    await vaultWrite.put({ ...contact('ada', '1'), updatedAt: '' });
    const seen: Array<unknown> = [];
    stops.push(vault.watch(url('ada'), (record) => seen.push(record)));
    expect(await vaultRetention.purgeOlderThan(CUTOFF, 10)).toMatchObject({ removed: 0 });
    await heard();
    expect(seen).toEqual([]);
    expect(await vault.get(url('ada'))).not.toBeNull();
  });
});

describe('a write too big for one announcement', () => {
  it('is heard of whole: every contact removed is named to the pages, none as "the vault was cleared"', async () => {
    const keys = Array.from({ length: 10_001 }, (_, i) => url(`gone-${i}`));
    const named = new Set<string>();
    let cleared = false;
    stops.push(
      watchVaultKeys((changed) => {
        if (changed === null) cleared = true;
        else for (const key of changed) named.add(key);
      }),
    );
    await vaultWrite.remove(keys);
    await heard();
    expect(cleared).toBe(false);
    expect(named.size).toBe(keys.length);
  });
});
