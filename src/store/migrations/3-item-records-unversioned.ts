/**
 * Migration 3: records stored under an item carry no version of their own. Version 1 of the bulk reveal items
 * (`bulk-job`, `bulk-history`) and of the search (`search`, and the search it replaced, kept in `earlier`) wrote
 * `v: 1` inside each record besides the item's own version; version 2 drops it, so the item's version (kept beside
 * it by WXT) is the only one. Nothing else changes: every other field is kept as it was.
 *
 * These are the items' own steps (`migrations[2]` of each `defineStored`), not a store migration of `run.ts`: each
 * changes one item's value alone, and WXT runs it before that item's first read or write in any context (the side
 * panel may read the search before the background has started) and records it in the item's version, so it runs
 * once. A value that is not the shape expected (damaged, or from elsewhere) is passed on untouched: the item's read
 * then finds it unreadable and sets it aside, as it does any such value, instead of the step failing.
 */

/** Whether `value` is a plain object (a stored record), not null, an array or a scalar. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record without its own version field (anything that is not a record, as it is). */
function withoutVersion(value: unknown): unknown {
  if (!isRecord(value) || !('v' in value)) return value;
  const { v: _version, ...rest } = value;
  return rest;
}

/** A bulk reveal (`bulk-job`), version 1 to 2: the job without its `v`. */
export const bulkJobToV2 = (previous: unknown): unknown => withoutVersion(previous);

/** The receipts of finished bulk reveals (`bulk-history`), version 1 to 2: each job without its `v`. */
export const bulkHistoryToV2 = (previous: unknown): unknown =>
  Array.isArray(previous) ? previous.map(withoutVersion) : previous;

/** The current search (`search`), version 1 to 2: it and the search it replaced (`earlier`) without their `v`. */
export function searchToV2(previous: unknown): unknown {
  const session = withoutVersion(previous);
  if (!isRecord(session) || !isRecord(session.earlier)) return session;
  return { ...session, earlier: withoutVersion(session.earlier) };
}
