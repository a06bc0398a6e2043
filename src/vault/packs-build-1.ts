/**
 * Migration 1 of the export packs (`src/vault/packs.ts`): builds them once for a vault stored before they existed,
 * from the vault itself. Nothing is taken away or rewritten: the vault's records stay as they are, and until a
 * pack is built the export reads its contacts from them, as it always did.
 *
 * It works an index shard at a time (the few hundred contacts of one sixty-fourth of the vault, at 50,000), each
 * step in turn with the index's writes so a contact changed meanwhile is not lost under an older read, with a pause
 * between steps so a page's storage reads never wait behind more than one step. A pack already built is kept (a
 * build cut off by a stopped worker goes on where it stopped); the mark is set when every pack is built.
 */
import { serial } from '../background/contacts-index-writer';
import { contactsIndex, SHARDS } from '../contacts-index';
import { vault } from '../store/vault';
import { markPacksBuilt, packsBuilt, readPacks, writePacks } from '../store/vault-packs';
import { PACKS_VERSION, type Pack, packEntry, packOf, packsOfShard, readPack, writePack } from './packs';

/** The pause before each step. */
const PAUSE_MS = 25;
const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

/** Builds the packs of one index shard that are not built yet; returns how many it built. */
async function buildShard(shard: number): Promise<number> {
  const numbers = packsOfShard(shard);
  const stored = await readPacks(numbers);
  const todo = new Map<number, Pack>(
    numbers.filter((n) => readPack(stored.get(n)) === null).map((n) => [n, new Map()]),
  );
  if (todo.size === 0) return 0;
  const keys = [...(await contactsIndex.datesIn(shard)).keys()].filter((key) => todo.has(packOf(key)));
  for (const record of await vault.getMany(keys)) todo.get(packOf(record.key))?.set(...packEntry(record));
  await writePacks(new Map([...todo].map(([n, pack]) => [n, writePack(pack)])));
  return todo.size;
}

/**
 * Builds every pack not built yet, from the library index's lines and the vault's records (the index must be built:
 * the background runs this after its own start-up work). Returns false when the packs were already built.
 */
export async function buildPacks(wait: () => Promise<unknown> = pause): Promise<boolean> {
  if ((await packsBuilt()) === PACKS_VERSION) return false;
  for (let shard = 0; shard < SHARDS; shard++) {
    await wait();
    await serial(() => buildShard(shard));
  }
  await markPacksBuilt(PACKS_VERSION);
  return true;
}
