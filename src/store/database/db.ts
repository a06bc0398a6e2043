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
 * The layout is declared here alone: version 1 is the first release's (1.0.0); every change since is one numbered
 * step in {@link upgrade} with a fixture test from the shape before (`test/unit/store/db-layout-2.test.ts`).
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { noteDatabase } from './db-marker';

export const DB_NAME = 'candidate-lens';
export const DB_VERSION = 2;
/**
 * The oldest layout {@link upgrade} still carries forward. A database older than it (kept by a build whose steps
 * have since been dropped) is refused with {@link LayoutTooOld}, never opened as if it were new.
 */
export const MIN_VERSION = 1;

/** The database was made by a layout older than {@link MIN_VERSION}: this version cannot carry its data forward. */
export class LayoutTooOld extends Error {
  constructor(found: number, oldest = MIN_VERSION) {
    super(
      `The extension's stored contacts and ledger are in layout ${found}, older than the oldest this version reads (${oldest}). Nothing was changed. Export what you need with the version that wrote them, or remove and add the extension again to start afresh.`,
    );
    this.name = 'LayoutTooOld';
  }
}

export interface LensSchema extends DBSchema {
  /**
   * Small bookkeeping kept beside the stores it counts, changed in the same transactions: the contacts' kept totals
   * (`contacts-totals`), the ledger's last balance, the anchor its open calls settle against, and its next entry's
   * number (`ledger`).
   */
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
  /**
   * The ledger: one entry a paid call (or a balance the service reported), keyed by the entry's id, with its local
   * day and its number in the order written (`seq`); an uncertain charge also carries `open` (its number), which
   * settling takes away. Read through zod (`LedgerEntry`) like the contacts.
   */
  ledger: {
    key: string;
    value: { id: string; day: string; seq: number; open?: number; ref?: string };
    indexes: {
      /** A day's entries in the order written (`[day, seq]`): caps, usage and reconciliation read days. */
      day: [string, number];
      /** The calls still open (uncertain), in the order sent. */
      open: number;
      /** A search session's, reveal's or bulk job's charges (receipts). */
      ref: string;
    };
  };
  /**
   * Jobs of many contacts (a bulk reveal, a bulk send to a destination), without their contacts: one record a job,
   * keyed by its id, checked with zod when read (`job-records.ts`). `current` is the job's kind on the one job of that
   * kind the pages show; `filedAt` is when a finished job's receipt was filed.
   */
  jobs: {
    key: string;
    value: { id: string; kind: string; current?: string; filedAt?: string };
    indexes: {
      /** The job each kind shows. */
      current: string;
      /** A kind's receipts in the order filed (`[kind, filedAt]`). */
      filed: [string, string];
    };
  };
  /** A job's contacts, one record each, keyed by the job's id and the contact's place in it. */
  jobItems: { key: [string, number]; value: { job: string; n: number; item: unknown } };
  /**
   * The current search with the pages it paid for (`search.ts`), under `current`; checked with zod when read. Its
   * pages grow as the user pages on, so it is not a storage item.
   */
  searches: { key: string; value: unknown };
  /**
   * The do-not-contact list kept in this browser (`do-not-contact.ts`; a team gateway keeps the team's): one record
   * an identifier of a listed person, keyed by its salted hash, so the list holds no profile address or email. The
   * records of one person share an `entry`. Checked with zod when read. Layout 2.
   */
  doNotContact: { key: string; value: unknown; indexes: { entry: string } };
}

export type LensDb = IDBPDatabase<LensSchema>;
/** The stores a transaction may span. */
export type StoreName =
  | 'meta'
  | 'contacts'
  | 'sent'
  | 'ledger'
  | 'jobs'
  | 'jobItems'
  | 'searches'
  | 'doNotContact';

/** Brings the layout from `oldVersion` to {@link DB_VERSION}, one numbered step at a time. */
export function upgrade(db: LensDb, oldVersion: number, oldest = MIN_VERSION): void {
  if (oldVersion > 0 && oldVersion < oldest) throw new LayoutTooOld(oldVersion, oldest);
  if (oldVersion < 1) {
    db.createObjectStore('meta');
    const contacts = db.createObjectStore('contacts', { keyPath: 'key' });
    contacts.createIndex('candidateId', 'candidateId');
    contacts.createIndex('updatedAt', 'updatedAt');
    db.createObjectStore('sent', { keyPath: 'key' }).createIndex('contactKey', 'contactKey');
    const ledger = db.createObjectStore('ledger', { keyPath: 'id' });
    ledger.createIndex('day', ['day', 'seq']);
    ledger.createIndex('open', 'open');
    ledger.createIndex('ref', 'ref');
    const jobs = db.createObjectStore('jobs', { keyPath: 'id' });
    jobs.createIndex('current', 'current');
    jobs.createIndex('filed', ['kind', 'filedAt']);
    db.createObjectStore('jobItems', { keyPath: ['job', 'n'] });
    db.createObjectStore('searches');
  }
  if (oldVersion < 2) {
    // Layout 2 (after 1.0.0): the do-not-contact list. A new store only: every record of layout 1 stays as it was.
    db.createObjectStore('doNotContact', { keyPath: 'hash' }).createIndex('entry', 'entry');
  }
}

let opening: Promise<LensDb> | null = null;

/**
 * The database, opened once per worker or page life: reopening costs tens of milliseconds after the worker has slept.
 * If another context upgrades it later, this copy closes itself and the next call opens the new layout.
 */
export function db(): Promise<LensDb> {
  if (!opening) {
    // Thrown inside the upgrade, a refusal aborts it (nothing is changed) and the open fails with a bare AbortError:
    // kept here, it is what the open rejects with.
    let refused: LayoutTooOld | null = null;
    let created = false;
    const attempt = openDB<LensSchema>(DB_NAME, DB_VERSION, {
      upgrade: (database, oldVersion, _newVersion, transaction) => {
        created = oldVersion === 0;
        try {
          upgrade(database, oldVersion);
        } catch (error) {
          if (!(error instanceof LayoutTooOld)) throw error;
          refused = error;
          transaction.done.catch(() => undefined);
          transaction.abort();
        }
      },
      blocking: () => {
        void attempt.then((open) => open.close());
        opening = null;
      },
      terminated: () => {
        opening = null;
      },
    });
    opening = attempt.then(
      async (open) => {
        // Told apart from a first install by the marker outside it: a database that vanished is said, not
        // silently started afresh. A marker that cannot be written costs the open nothing.
        const noted = noteDatabase(created, DB_VERSION).catch((error) =>
          console.warn('Could not note the database', error),
        );
        // Only an open that made the database can find one lost: it waits for the marker, so the loss is recorded
        // before anything is written to the new one. Any other open only keeps the marker's layout in step, which
        // no read waits on (it is a round through the browser before every first read of a page otherwise).
        if (created) await noted;
        return open;
      },
      (error: unknown) => {
        throw refused ?? error;
      },
    );
    const mine = opening;
    mine.catch(() => {
      if (opening === mine) opening = null;
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
