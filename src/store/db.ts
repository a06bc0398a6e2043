/**
 * The extension's one database for what grows with use, in IndexedDB of the extension's own origin: content scripts
 * run in the page's origin and cannot open it, on Chrome or on Firefox. The background is its only writer; pages open
 * it to read what they show and hear of writes on {@link CHANGES} (`changes.ts`).
 *
 * Why IndexedDB and not `storage.local`: a `storage.local` write costs more with every key stored, and it has no
 * indexes, so "the newest 200" means reading everything. Why `idb`: a ~1 KB promise wrapper over the real API, kept by
 * the author of the spec's promise work; Dexie's query language would cost more of the background's bundle than its
 * queries save here.
 *
 * The layout is declared here alone. Until the first release it starts over at version 1; from then on every change
 * is one numbered step in {@link upgrade} with a fixture test from the shape before.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export const DB_NAME = 'candidate-lens';
export const DB_VERSION = 1;

export interface LensSchema extends DBSchema {
  /** Small bookkeeping kept beside the stores it counts (the contacts' kept totals: `contacts-totals`). */
  meta: { key: string; value: unknown };
  /**
   * The vault: one revealed (or looked-for) contact a record, keyed by its vault key. The records are checked with
   * zod when read (`ContactRecord`), so the store holds `unknown`: a record that no longer reads is reported as such,
   * never taken for a contact never revealed.
   */
  contacts: {
    key: string;
    value: unknown;
    indexes: {
      /** Which record a candidate id names (a record without an id is not in it). */
      candidateId: string;
      /** Newest and oldest first (the library's default order; retention's expired contacts). */
      updatedAt: string;
    };
  };
  /** What was sent where: one record a contact and destination (`sent.ts`), checked with zod when read. */
  sent: { key: string; value: unknown; indexes: { contactKey: string } };
}

export type LensDb = IDBPDatabase<LensSchema>;
/** The stores a transaction may span. */
export type StoreName = 'meta' | 'contacts' | 'sent';

function upgrade(db: LensDb, oldVersion: number): void {
  if (oldVersion < 1) {
    db.createObjectStore('meta');
    const contacts = db.createObjectStore('contacts', { keyPath: 'key' });
    contacts.createIndex('candidateId', 'candidateId');
    contacts.createIndex('updatedAt', 'updatedAt');
    db.createObjectStore('sent', { keyPath: 'key' }).createIndex('contactKey', 'contactKey');
  }
}

let opening: Promise<LensDb> | null = null;

/**
 * The database, opened once per worker or page life: reopening costs tens of milliseconds after the worker has slept.
 * If another context upgrades it later, this copy closes itself and the next call opens the new layout.
 */
export function db(): Promise<LensDb> {
  if (!opening) {
    const attempt = openDB<LensSchema>(DB_NAME, DB_VERSION, {
      upgrade: (database, oldVersion) => upgrade(database, oldVersion),
      blocking: () => {
        void attempt.then((open) => open.close());
        opening = null;
      },
      terminated: () => {
        opening = null;
      },
    });
    opening = attempt;
    attempt.catch(() => {
      if (opening === attempt) opening = null;
    });
  }
  return opening;
}

/** Closes this context's connection (tests, and before deleting the database). */
export async function closeDb(): Promise<void> {
  const open = opening;
  opening = null;
  if (open) (await open.catch(() => null))?.close();
}
