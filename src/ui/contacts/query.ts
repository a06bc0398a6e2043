/**
 * The library's search, filters, sort and counts over contact summaries: pure functions, so 50,000 contacts can be
 * checked in a unit test and measured in `npm run bench`. The per-contact work is done once and kept (each sort
 * order on first use, the lower-case text on the first search), so every keystroke is a single pass.
 */
import { RETRIEVABLE, type Retrievable } from '../../api/schema-parts';
import { type ContactSummary, newestFirst, type Totals } from './library-reads';

/**
 * The orders a list can take: by when revealed (newest or oldest first), or by a column's text, A to Z or (with
 * `-desc`) Z to A. The table's column headers and the narrow page's Sort choice set the same value.
 */
export const SORTS = [
  'newest',
  'oldest',
  'name',
  'name-desc',
  'title',
  'title-desc',
  'company',
  'company-desc',
  'location',
  'location-desc',
] as const;
export type Sort = (typeof SORTS)[number];
/** The columns sorted by their text. */
export type TextColumn = 'name' | 'title' | 'company' | 'location';

/** What is held: any contact, one with a given item, one where nothing was found, or one with data flagged wrong. */
export type Holding = 'any' | Retrievable | 'nothing' | 'flagged' | 'changed';
/** Changed within this many days, or any time. */
export type Since = 'any' | 7 | 30 | 365;

/**
 * Contacts whose privacy notice is overdue: revealed more than this many days ago (from their first held item) and
 * none copied since; or 'any'. GDPR Article 14(3)(a) gives a month at the latest.
 */
export type NoticeDue = 'any' | 7 | 14 | 21 | 30;

const DAY_MS = 86_400_000;

export interface LibraryQuery {
  text: string;
  holding: Holding;
  since: Since;
  /** Optional, so a query made before it existed reads as 'any'. */
  notice?: NoticeDue;
  sort: Sort;
}

export const DEFAULT_QUERY: LibraryQuery = {
  text: '',
  holding: 'any',
  since: 'any',
  notice: 'any',
  sort: 'newest',
};

/** True when a query lists every contact in the default order (what the index's first page holds the top of). */
export const listsAll = (q: LibraryQuery) =>
  q.text.trim() === '' &&
  q.holding === 'any' &&
  q.since === 'any' &&
  (q.notice ?? 'any') === 'any' &&
  q.sort === DEFAULT_QUERY.sort;

/** No notice copied and revealed more than `days` days before `now`: nothing held, nothing owed. */
export function noticeOverdue(summary: ContactSummary, days: number, now: number): boolean {
  return (
    summary.noticed === undefined && summary.obtained !== undefined && summary.obtained < now - days * DAY_MS
  );
}

interface Entry {
  summary: ContactSummary;
  /** Name, title and employer, lower case, for the search box: made on the first search, not at load. */
  text?: string;
}

export interface Prepared {
  entries: Entry[];
  /** Entries in each sort order, computed once per dataset on first use. */
  sorted: Map<Sort, Entry[]>;
  /** Entries by key ({@link entriesByKey}). */
  byKey?: Map<string, Entry>;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function prepare(all: readonly ContactSummary[]): Prepared {
  return {
    entries: all.map((summary) => ({ summary })),
    sorted: new Map(),
  };
}

/**
 * Each contact's entry by its key: made on first need (the page idle after a load, or a change), then kept up to date
 * by {@link patchPrepared}, which hands it on to the prepared list it makes.
 */
export function entriesByKey(prepared: Prepared): Map<string, Entry> {
  prepared.byKey ??= new Map(prepared.entries.map((entry) => [entry.summary.key, entry]));
  return prepared.byKey;
}

/** The summaries of these keys held in `prepared`, in the order asked. */
export function summariesOf(prepared: Prepared, keys: Iterable<string>): ContactSummary[] {
  const byKey = entriesByKey(prepared);
  const out: ContactSummary[] = [];
  for (const key of keys) {
    const entry = byKey.get(key);
    if (entry) out.push(entry.summary);
  }
  return out;
}

/** Up to this many taken out, each is found by identity and spliced out; more, and the list is filtered once. */
const SPLICED = 64;

/** `list` without `out` (items of it), in order, as a new array: a change of a few costs a copy, not a pass of calls. */
export function without<T>(list: readonly T[], out: readonly T[]): T[] {
  if (out.length > SPLICED) {
    const drop = new Set(out);
    return list.filter((item) => !drop.has(item));
  }
  const copy = list.slice();
  for (const item of out) {
    const at = copy.indexOf(item);
    if (at >= 0) copy.splice(at, 1);
  }
  return copy;
}

/**
 * `prepared` after a change to the vault, without sorting every contact again: the contacts `gone` (by key) and
 * those in `put` (new or changed) are taken out of each order already computed, which keeps their order; then those
 * in `put` go into the orders by time, which are total (ties broken by key), each where a sort of the whole would
 * put it. An order by text is dropped (computed again on its next use): its ties keep the entries' order. A change
 * of a few contacts among 50,000 then costs a few copies of the lists, not a sort. `prepared` is spent: its entries
 * by key are handed on.
 */
export function patchPrepared(
  prepared: Prepared,
  gone: Iterable<string>,
  put: readonly ContactSummary[],
): Prepared {
  const byKey = entriesByKey(prepared);
  const out: Entry[] = [];
  for (const key of new Set([...gone, ...put.map((summary) => summary.key)])) {
    const entry = byKey.get(key);
    if (!entry) continue;
    out.push(entry);
    byKey.delete(key);
  }
  const added = put.map((summary) => ({ summary }));
  for (const entry of added) byKey.set(entry.summary.key, entry);
  const sorted = new Map<Sort, Entry[]>();
  for (const [sort, entries] of prepared.sorted) {
    if (put.length > 0 && sort !== 'newest' && sort !== 'oldest') continue;
    const order = without(entries, out);
    const before =
      sort === 'newest'
        ? (a: Entry, b: Entry) => newestFirst(a.summary, b.summary) < 0
        : (a: Entry, b: Entry) => newestFirst(b.summary, a.summary) < 0;
    for (const entry of added) order.splice(placeOf(order, entry, before), 0, entry);
    sorted.set(sort, order);
  }
  const entries = without(prepared.entries, out);
  entries.push(...added);
  return { entries, sorted, byKey };
}

/** Where `entry` goes in `order` (sorted by `before`): after every entry before it. */
function placeOf(order: readonly Entry[], entry: Entry, before: (a: Entry, b: Entry) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(order[mid]!, entry)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** `totals` with the contacts `gone` taken away and those `put` added (a change patched in, without a count). */
export function countsAfter(
  totals: Totals,
  gone: readonly ContactSummary[],
  put: readonly ContactSummary[],
): Totals {
  const held = { ...totals.held };
  for (const summary of gone) for (const item of summary.held) held[item]--;
  for (const summary of put) for (const item of summary.held) held[item]++;
  return { total: totals.total - gone.length + put.length, held };
}

function inOrder(prepared: Prepared, sort: Sort): Entry[] {
  const cached = prepared.sorted.get(sort);
  if (cached) return cached;
  let copy: Entry[];
  if (sort === 'newest') copy = [...prepared.entries].sort((a, b) => newestFirst(a.summary, b.summary));
  else if (sort === 'oldest') copy = [...prepared.entries].sort((a, b) => newestFirst(b.summary, a.summary));
  else if (sort.endsWith('-desc')) copy = [...inOrder(prepared, sort.slice(0, -5) as Sort)].reverse();
  else {
    const text = TEXT_OF[sort as TextColumn];
    const byName = (a: Entry, b: Entry) => collator.compare(a.summary.name ?? '', b.summary.name ?? '');
    // An empty cell goes last A to Z (and first Z to A); equal texts keep the order of their names.
    copy = [...prepared.entries].sort((a, b) => {
      const x = text(a.summary);
      const y = text(b.summary);
      return (x ? (y ? collator.compare(x, y) : -1) : y ? 1 : 0) || byName(a, b);
    });
  }
  prepared.sorted.set(sort, copy);
  return copy;
}

const TEXT_OF: Record<TextColumn, (summary: ContactSummary) => string> = {
  name: (summary) => summary.name ?? '',
  title: (summary) => summary.title ?? '',
  company: (summary) => summary.employer ?? '',
  location: (summary) => summary.location ?? '',
};

/** The contacts matching a query, in its order. Every word typed must appear in the name, title or employer. */
export function query(prepared: Prepared, q: LibraryQuery, now = Date.now()): ContactSummary[] {
  const words = q.text.toLowerCase().split(/\s+/).filter(Boolean);
  const after = q.since === 'any' ? -Infinity : now - q.since * DAY_MS;
  const notice = q.notice ?? 'any';
  const out: ContactSummary[] = [];
  for (const entry of inOrder(prepared, q.sort)) {
    const { held, updated, name, title, employer } = entry.summary;
    if (updated < after) continue;
    if (notice !== 'any' && !noticeOverdue(entry.summary, notice, now)) continue;
    if (q.holding === 'flagged' || q.holding === 'changed') {
      if (!entry.summary[q.holding]) continue;
    } else if (q.holding === 'nothing' ? held.length > 0 : q.holding !== 'any' && !held.includes(q.holding))
      continue;
    if (words.length > 0) {
      entry.text ??= `${name ?? ''}\n${title ?? ''}\n${employer ?? ''}`.toLowerCase();
      const text = entry.text;
      if (!words.every((word) => text.includes(word))) continue;
    }
    out.push(entry.summary);
  }
  return out;
}

/**
 * True when `top` (the index's first page, in the default order) is exactly the first `top.length` of `all` in that
 * order: the same contacts, as `all` has them, and none of `all` ranking above its last row. One pass, no sort, so
 * the library lists its default order from the first page instead of sorting every contact to show its top rows.
 */
export function leadsAll(top: readonly ContactSummary[], all: readonly ContactSummary[]): boolean {
  const last = top.at(-1);
  if (!last) return all.length === 0;
  const byKey = new Map(top.map((summary) => [summary.key, summary]));
  let found = 0;
  for (const summary of all) {
    const same = byKey.get(summary.key);
    if (same) {
      if (!sameSummary(same, summary)) return false;
      found++;
    } else if (newestFirst(summary, last) < 0) return false;
  }
  return found === top.length;
}

const sameSummary = (a: ContactSummary, b: ContactSummary) =>
  a.updated === b.updated &&
  a.name === b.name &&
  a.title === b.title &&
  a.employer === b.employer &&
  a.location === b.location &&
  a.unknown === b.unknown &&
  Boolean(a.flagged) === Boolean(b.flagged) &&
  Boolean(a.changed) === Boolean(b.changed) &&
  a.obtained === b.obtained &&
  a.noticed === b.noticed &&
  a.held.join() === b.held.join() &&
  a.missing.join() === b.missing.join();

/** How many contacts there are, and how many hold each item. */
export function counts(all: readonly ContactSummary[]): Totals {
  const held = Object.fromEntries(RETRIEVABLE.map((item) => [item, 0])) as Record<Retrievable, number>;
  for (const summary of all) for (const item of summary.held) held[item]++;
  return { total: all.length, held };
}
