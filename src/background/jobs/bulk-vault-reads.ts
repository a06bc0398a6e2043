/**
 * A bulk reveal's vault reads, shared: the contacts that get ready together (fifteen at a time, as answers free
 * their connections) each read what the vault holds for them before their lookup, and in Chrome every storage call
 * waits for the ones before it. Reads asked for in the same moment go out as one storage read, in the same one or
 * two calls a single contact's read takes.
 *
 * A read never answers with what storage held before it was asked for: a reveal of the same contact that finished
 * just before (and wrote what it paid for) must be seen, or the item would be bought twice. So an ask joins only a
 * read that has not started yet; one made while a read is under way waits for the next.
 */
import type { Read } from '../../store/read';
import { lookupContacts } from '../../store/vault';
import type { ContactRecord, VaultTarget } from '../../store/vault-record';

interface Ask<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * One reader through `readMany` (one storage read for a batch, answering in the order asked): each call resolves
 * with its own value from a read started after it was made. Asks made while no read is under way wait one
 * macrotask, so those of the same moment share a read; asks made while one is under way share the next. A read
 * that fails rejects every ask it carried.
 */
export function batchedReads<K, V>(readMany: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  let waiting: Ask<K, V>[] = [];
  let scheduled = false;

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const values = await readMany(batch.map((ask) => ask.key));
        for (const [i, ask] of batch.entries()) ask.resolve(values[i]!);
      } catch (error) {
        for (const ask of batch) ask.reject(error);
      }
    }
    scheduled = false;
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => void drain(), 0);
    });
}

/** A bulk run's reader of the vault: {@link vault.lookup} for one contact, batched with the others of its moment. */
export const bulkVaultReader = (): ((target: VaultTarget) => Promise<Read<ContactRecord>>) =>
  batchedReads((targets: VaultTarget[]) => lookupContacts(targets));
