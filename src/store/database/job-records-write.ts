/**
 * Writing jobs of many contacts (the background alone; see `job-records.ts` for the stores). Apart from the reads,
 * so the pages do not load it.
 */
import type { IDBPTransaction } from 'idb';
import * as z from 'zod/mini';
import { announce } from './changes';
import { db, type LensSchema } from './db';
import { assemble, itemsOf, JOBS, type JobKind, type WithItems } from './job-records';

type WriteTx = IDBPTransaction<LensSchema, ('jobs' | 'jobItems')[], 'readwrite'>;

/** Deletes a job and its contacts in `tx`. */
function drop(tx: WriteTx, id: string): void {
  void tx.objectStore('jobs').delete(id);
  void tx.objectStore('jobItems').delete(itemsOf(id));
}

/** Stops showing a job in `tx`: kept if filed (a receipt), else deleted with its contacts. */
function unshow(tx: WriteTx, shown: LensSchema['jobs']['value']): void {
  if (shown.filedAt === undefined) drop(tx, shown.id);
  else {
    const { current: _current, ...rest } = shown;
    void tx.objectStore('jobs').put(rest);
  }
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
      unshow(tx, shown);
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
  const shown = await tx.objectStore('jobs').index('current').get(kind);
  if (!shown) return;
  unshow(tx, shown);
  await tx.done;
  announce({ store: JOBS, keys: [shown.id] });
}

/**
 * Deletes this kind's receipts beyond the newest `kept` readable ones (the job shown stays whatever its age). A receipt
 * that does not read through `schema` is neither counted nor deleted: housekeeping never deletes what it cannot read.
 */
export async function pruneFiled<T>(kind: JobKind, kept: number, schema: z.ZodMiniType<T>): Promise<void> {
  const tx = (await db()).transaction(['jobs', 'jobItems'], 'readwrite');
  const range = IDBKeyRange.bound([kind, ''], [kind, '\uffff']);
  const dropped: string[] = [];
  let seen = 0;
  for (let cursor = await tx.objectStore('jobs').index('filed').openCursor(range, 'prev'); cursor; ) {
    const row = cursor.value;
    if ((await assemble(tx, row, schema)) !== null && ++seen > kept && row.current === undefined) {
      dropped.push(row.id);
      drop(tx, row.id);
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  if (dropped.length > 0) announce({ store: JOBS, keys: dropped });
}
