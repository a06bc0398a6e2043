/**
 * Jobs of many contacts in the database (`db.ts`): the job in `jobs`, its contacts one record each in `jobItems`,
 * so a run's progress write stores the job and only the contacts that changed. Both stores are apart from the
 * ledger's and the vault's, so these writes never wait for, or hold up, a lookup's write-ahead. The background
 * alone writes, each write one transaction announced on the changes channel once it completes (the keys: job ids);
 * pages read the job they show again when they hear of it.
 */
import type { IDBPTransaction } from 'idb';
import * as z from 'zod/mini';
import { announce, onChange } from './changes';
import { db, type LensSchema } from './db';

export const JOBS = 'jobs';

/** The jobs kept here, each with at most one shown at a time. */
export type JobKind = 'bulk-reveal' | 'bulk-send';

/** A job as the stores take it: its contacts in `items`. */
interface WithItems {
  id: string;
  items: readonly unknown[];
}

type Tx = IDBPTransaction<LensSchema, ('jobs' | 'jobItems')[], 'readonly' | 'readwrite'>;
type WriteTx = IDBPTransaction<LensSchema, ('jobs' | 'jobItems')[], 'readwrite'>;
type JobRow = LensSchema['jobs']['value'];

const itemsOf = (id: string) => IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);

/** The job of a row with its contacts, checked; null (with a warning) when it no longer reads. */
async function assemble<T>(tx: Tx, row: JobRow, schema: z.ZodMiniType<T>): Promise<T | null> {
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

/** Deletes a job and its contacts in `tx`. */
function drop(tx: WriteTx, id: string): void {
  void tx.objectStore('jobs').delete(id);
  void tx.objectStore('jobItems').delete(itemsOf(id));
}

export interface JobWrite {
  /** Show it as its kind's current job (any other job of the kind shown before stops being shown). */
  current?: boolean;
  /** File its receipt now (when already filed, it keeps its place). */
  file?: boolean;
  /** The places of the contacts that changed since the last write; without it every contact is written. */
  changed?: Iterable<number>;
}

/** Writes a job in `tx`; says which jobs it changed (another shown before it stops being shown). */
async function writeIn(tx: WriteTx, kind: JobKind, job: WithItems, how: JobWrite): Promise<string[]> {
  const jobs = tx.objectStore('jobs');
  const before = await jobs.get(job.id);
  const written = [job.id];
  if (how.current) {
    const shown = await jobs.index('current').get(kind);
    if (shown && shown.id !== job.id) {
      written.push(shown.id);
      if (shown.filedAt === undefined) drop(tx, shown.id);
      else {
        const { current: _current, ...rest } = shown;
        void jobs.put(rest);
      }
    }
  }
  const { items, ...rest } = job;
  const current = how.current || before?.current !== undefined ? kind : undefined;
  const filedAt = before?.filedAt ?? (how.file ? new Date().toISOString() : undefined);
  void jobs.put({
    ...rest,
    kind,
    ...(current === undefined ? {} : { current }),
    ...(filedAt === undefined ? {} : { filedAt }),
  });
  const store = tx.objectStore('jobItems');
  if (how.changed) {
    for (const n of how.changed) void store.put({ job: job.id, n, item: items[n] });
  } else {
    void store.delete(IDBKeyRange.bound([job.id, items.length], [job.id, Number.MAX_SAFE_INTEGER]));
    items.forEach((item, n) => void store.put({ job: job.id, n, item }));
  }
  return written;
}

/** Writes a job (background only) in one transaction; resolves once it has completed. */
export async function writeJob(kind: JobKind, job: WithItems, how: JobWrite = {}): Promise<void> {
  const tx = (await db()).transaction(['jobs', 'jobItems'], 'readwrite');
  const written = await writeIn(tx, kind, job, how);
  await tx.done;
  announce({ store: JOBS, keys: written });
}

/**
 * Read-modify-write of this kind's current job in one transaction, so two steps changing it (a run's progress, a
 * pause) never work from the same read. `change` is handed the job read and returns the job to show (shown whole,
 * or with the contacts whose objects it replaced) or undefined to leave it; resolves to the job shown after.
 */
export async function updateCurrent<T extends WithItems>(
  kind: JobKind,
  schema: z.ZodMiniType<T>,
  change: (job: T | null) => T | undefined,
): Promise<T | null> {
  const tx = (await db()).transaction(['jobs', 'jobItems'], 'readwrite');
  const row = await tx.objectStore('jobs').index('current').get(kind);
  const before = row ? await assemble(tx, row, schema) : null;
  const next = change(before);
  if (next === undefined) {
    await tx.done;
    return before;
  }
  const checked = z.parse(schema, next);
  const changed =
    before?.id === next.id && before.items.length === next.items.length
      ? next.items.flatMap((item, n) => (item === before.items[n] ? [] : [n]))
      : undefined;
  const written = await writeIn(tx, kind, checked, { current: true, ...(changed ? { changed } : {}) });
  await tx.done;
  announce({ store: JOBS, keys: written });
  return checked;
}

/** Stops showing this kind's current job: kept if filed (a receipt), else deleted with its contacts. */
export async function clearCurrent(kind: JobKind): Promise<void> {
  const tx = (await db()).transaction(['jobs', 'jobItems'], 'readwrite');
  const jobs = tx.objectStore('jobs');
  const shown = await jobs.index('current').get(kind);
  if (!shown) return;
  if (shown.filedAt === undefined) drop(tx, shown.id);
  else {
    const { current: _current, ...rest } = shown;
    void jobs.put(rest);
  }
  await tx.done;
  announce({ store: JOBS, keys: [shown.id] });
}

/** Deletes this kind's receipts beyond the newest `kept` (the job shown stays whatever its age). */
export async function pruneFiled(kind: JobKind, kept: number): Promise<void> {
  const tx = (await db()).transaction(['jobs', 'jobItems'], 'readwrite');
  const range = IDBKeyRange.bound([kind, ''], [kind, '\uffff']);
  const dropped: string[] = [];
  let seen = 0;
  for (let cursor = await tx.objectStore('jobs').index('filed').openCursor(range, 'prev'); cursor; ) {
    if (++seen > kept && cursor.value.current === undefined) {
      dropped.push(cursor.value.id);
      drop(tx, cursor.value.id);
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  if (dropped.length > 0) announce({ store: JOBS, keys: dropped });
}
