/**
 * The vault's writes, for the background alone (pages read; outside `vault.ts` so they do not load this). Each write
 * is one transaction over the records and their kept totals (`vault-totals.ts`), so a reader sees a write whole and
 * the totals never drift from the records they count; once it completes, the keys it wrote are announced.
 */

import type { IDBPTransaction } from 'idb';
import { announce } from '../changes';
import { db, type LensSchema } from '../db';
import { forgetSentIn } from '../sent';
import { CONTACTS, inspectRecord } from './vault';
import { ContactRecord } from './vault-record';
import { emptyTotals, readTotals, TOTALS_KEY, type Totals, tally } from './vault-totals';

type WriteTx = IDBPTransaction<LensSchema, ['contacts', 'meta', 'sent'], 'readwrite'>;

/** Keys per announcement (the channel's messages are bounded). */
const ANNOUNCED = 5_000;

function announceKeys(keys: readonly string[]): void {
  for (let at = 0; at < keys.length; at += ANNOUNCED) {
    announce({ store: CONTACTS, keys: keys.slice(at, at + ANNOUNCED) });
  }
}

const readable = (value: unknown, key: string) => {
  const read = inspectRecord(value, key);
  // Stryker disable next-line ConditionalExpression: a read not ok has no value: undefined is skipped as null is
  return read.state === 'ok' ? read.value : null;
};

/** The kept totals in a write's transaction: counted over every record when none are kept (a new database). */
async function totalsIn(tx: WriteTx): Promise<Totals> {
  const meta = tx.objectStore('meta');
  const kept = readTotals(await meta.get(TOTALS_KEY));
  // Stryker disable next-line ConditionalExpression: kept totals equal a recount (each write keeps them)
  if (kept) return kept;
  const totals = emptyTotals();
  for (let cursor = await tx.objectStore('contacts').openCursor(); cursor; cursor = await cursor.continue()) {
    tally(totals, readable(cursor.value, cursor.key), 1);
  }
  return totals;
}

async function writeTx(): Promise<WriteTx> {
  return (await db()).transaction(['contacts', 'meta', 'sent'], 'readwrite');
}

/** Stores records (each checked) in one transaction. */
export async function writeRecords(records: readonly ContactRecord[]): Promise<void> {
  // Stryker disable next-line ConditionalExpression: an empty write changes no record and announces no key
  if (records.length === 0) return;
  const checked = records.map((record) => ContactRecord.parse(record));
  const tx = await writeTx();
  const contacts = tx.objectStore('contacts');
  const totals = await totalsIn(tx);
  for (const record of checked) {
    tally(totals, readable(await contacts.get(record.key), record.key), -1);
    tally(totals, record, 1);
    void contacts.put(record);
  }
  void tx.objectStore('meta').put(totals, TOTALS_KEY);
  await tx.done;
  announceKeys(checked.map((record) => record.key));
}

/** Removes these contacts (records that no longer read included), in one transaction. */
export async function removeRecords(keys: readonly string[]): Promise<void> {
  // Stryker disable next-line ConditionalExpression: removing no key changes no record and announces no key
  if (keys.length === 0) return;
  const unique = [...new Set(keys)];
  const tx = await writeTx();
  const contacts = tx.objectStore('contacts');
  const totals = await totalsIn(tx);
  for (const key of unique) {
    tally(totals, readable(await contacts.get(key), key), -1);
    void contacts.delete(key);
  }
  await forgetSentIn(tx, unique);
  void tx.objectStore('meta').put(totals, TOTALS_KEY);
  await tx.done;
  announceKeys(unique);
}

/**
 * Removes those of these contacts that read and that `removable` accepts, in one transaction; a record that does
 * not read is kept (housekeeping never deletes what it cannot read: it may be a contact the user paid for). With
 * `withSent`, `removable` is also told whether the contact has a send mark (any, even one being sent), read in the
 * same transaction, so a send starting meanwhile keeps its contact. Returns how many it removed.
 */
export async function removeReadable(
  keys: readonly string[],
  removable: (record: ContactRecord, sent: boolean) => boolean,
  { withSent }: { withSent: boolean },
): Promise<number> {
  if (keys.length === 0) return 0;
  const tx = await writeTx();
  const contacts = tx.objectStore('contacts');
  const totals = await totalsIn(tx);
  const removed: string[] = [];
  for (const key of new Set(keys)) {
    const record = readable(await contacts.get(key), key);
    if (!record) continue;
    const sent = withSent && (await tx.objectStore('sent').index('contactKey').count(key)) > 0;
    if (!removable(record, sent)) continue;
    tally(totals, record, -1);
    void contacts.delete(key);
    removed.push(key);
  }
  await forgetSentIn(tx, removed);
  void tx.objectStore('meta').put(totals, TOTALS_KEY);
  await tx.done;
  announceKeys(removed);
  return removed.length;
}

/** Removes every contact, readable or not; returns how many were stored. */
export async function clearRecords(): Promise<number> {
  const tx = await writeTx();
  const contacts = tx.objectStore('contacts');
  const count = await contacts.count();
  void contacts.clear();
  await forgetSentIn(tx, null);
  void tx.objectStore('meta').put(emptyTotals(), TOTALS_KEY);
  await tx.done;
  announce({ store: CONTACTS, keys: [] });
  return count;
}

/** The vault's writes. */
export const vaultWrite = {
  /** Stores a record. */
  put: (record: ContactRecord): Promise<void> => writeRecords([record]),
  /** Several records in one transaction (a bulk reveal's answers that come together): one change for every reader. */
  putMany: writeRecords,
  /** Removes these contacts. */
  remove: removeRecords,
  /** Removes every contact; returns how many were removed. */
  clear: clearRecords,
};
