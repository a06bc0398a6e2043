/**
 * Jobs of many contacts in the database (`db.ts`): the job in `jobs`, its contacts one record each in `jobItems`,
 * so a run's progress write stores the job and only the contacts that changed. Both stores are apart from the
 * ledger's and the vault's, so these writes never wait for, or hold up, a lookup's write-ahead. The background
 * alone writes (`job-records-write.ts`), each write one transaction announced on the changes channel once it
 * completes (the keys: job ids); pages read the job they show again when they hear of it.
 */
import type { IDBPTransaction } from 'idb';
import * as z from 'zod/mini';
import { onChange } from './changes';
import { db, type LensSchema } from './db';

export const JOBS = 'jobs';

/** The jobs kept here, each with at most one shown at a time. */
export type JobKind = 'bulk-reveal' | 'bulk-send';

/** A job as the stores take it: its contacts in `items`. */
export interface WithItems {
  id: string;
  items: readonly unknown[];
}

type Tx = IDBPTransaction<LensSchema, ('jobs' | 'jobItems')[], 'readonly' | 'readwrite'>;
type JobRow = LensSchema['jobs']['value'];

/** The key range of a job's contacts. */
export const itemsOf = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

/** The job of a row with its contacts, checked; null (with a warning) when it no longer reads. */
export async function assemble<T>(tx: Tx, row: JobRow, schema: z.ZodMiniType<T>): Promise<T | null> {
  const { kind: _kind, current: _current, filedAt: _filedAt, ...job } = row;
  const items = (await tx.objectStore('jobItems').getAll(itemsOf(row.id))).map((record) => record.item);
  const parsed = z.safeParse(schema, { ...job, items });
  if (parsed.success) return parsed.data;
  console.warn(`A stored ${row.kind} is not readable:\n${z.prettifyError(parsed.error)}`);
  return null;
}

/** The job of this kind the pages show, with its contacts. */
export async function readCurrent<T>(kind: JobKind, schema: z.ZodMiniType<T>): Promise<T | null> {
  const tx = (await db()).transaction(['jobs', 'jobItems']);
  const row = await tx.objectStore('jobs').index('current').get(kind);
  return row ? assemble(tx, row, schema) : null;
}

/** This kind's filed receipts, newest first. */
export async function readFiled<T>(kind: JobKind, schema: z.ZodMiniType<T>): Promise<T[]> {
  const tx = (await db()).transaction(['jobs', 'jobItems']);
  const range = IDBKeyRange.bound([kind, ''], [kind, '\uffff']);
  const rows = (await tx.objectStore('jobs').index('filed').getAll(range)).reverse();
  const jobs = await Promise.all(rows.map((row) => assemble(tx, row, schema)));
  return jobs.filter((job): job is Awaited<T> => job !== null);
}

/**
 * Calls back with what `read` answers each time a job is written; the answers come in order (a read a later
 * change started is never overtaken by an earlier one's).
 */
export function watchJobs<T>(read: () => Promise<T>, cb: (value: T) => void): () => void {
  let latest = 0;
  return onChange((change) => {
    if (change.store !== JOBS) return;
    const mine = ++latest;
    void read().then((value) => {
      if (mine === latest) cb(value);
    });
  });
}
