/**
 * Store migration 1: the vault's id index, from one object (`vault-index`, version 1: `{ byId: { <candidate id>:
 * <vault key> } }`) to one small key per id (`vault-id:<candidate id>`, version 2), so a reveal never rewrites an
 * index that grows with the vault. Ids already written the new way win. Lookups read the old object until it is
 * gone, so none is missed meanwhile. Idempotent: with no old object it reads one key and writes nothing.
 */
import { browser } from 'wxt/browser';
import { PREFIXES } from '../keys';
import { serialized } from '../lock';
import { inspectLegacyIndex, LEGACY_INDEX } from '../vault';

export async function moveVaultIdIndex(): Promise<void> {
  await serialized(LEGACY_INDEX, async () => {
    const { [LEGACY_INDEX]: value } = await browser.storage.local.get(LEGACY_INDEX);
    if (value === undefined) return;
    const legacy = inspectLegacyIndex(value);
    // One that does not read was set aside by that read: it is kept there, not lost.
    if (legacy.state === 'ok') {
      const idKey = (id: string) => PREFIXES.vaultId.name(id);
      const ids = Object.keys(legacy.value.byId);
      const present = ids.length > 0 ? await browser.storage.local.get(ids.map(idKey)) : {};
      const moved: Record<string, string> = {};
      for (const id of ids) if (present[idKey(id)] === undefined) moved[idKey(id)] = legacy.value.byId[id]!;
      if (Object.keys(moved).length > 0) await browser.storage.local.set(moved);
    }
    await browser.storage.local.remove(LEGACY_INDEX);
  });
}
