/**
 * The library's list: every contact's summary, the query the recruiter types and picks, what matches, and what is
 * shown of it, kept up to date with the vault.
 *
 * It opens in two steps, so the first rows take the same time at 50,000 contacts as at 1,000: the first page (the
 * newest contacts, through the vault's `updatedAt` index, and the kept totals) is listed at once, then every
 * summary is read for search, filters, other sorts and export. Meanwhile nothing shown is wrong: a query other than
 * the default lists its first page of matches found by reading newest (or oldest) first only until a page is
 * filled, and its count reads as unknown, never as a count of what was read; an order by text waits for every
 * contact, and export stays off. Once every summary is read, a change (a reveal, a bulk reveal, a deletion) is
 * applied by reading the contacts the background announced, and patched into the list and its sorted orders: the
 * vault is never read again whole for it, nor every contact sorted again. A delete from this page takes its rows
 * out as soon as the background has removed them, without a read.
 *
 * Reading every contact does not redo what the first page already holds: while it leads every contact (checked in
 * one pass, `leadsAll`), the default order's first rows are the first page's, and every contact is sorted only when
 * a query, a sort or "Show more" past the first page needs it, or once the page is idle.
 */
import { batch, computed, signal } from '@preact/signals';
import { type ContactSummary, FIRST_PAGE, libraryReads, type Totals } from './library-reads';
import {
  counts,
  countsAfter,
  DEFAULT_QUERY,
  entriesByKey,
  type LibraryQuery,
  leadsAll,
  listsAll,
  type Prepared,
  patchPrepared,
  prepare,
  query,
  summariesOf,
  without,
} from './query';

/** Rows rendered at first and added by each "Show more" (the first page holds two such pages). */
export const PAGE = FIRST_PAGE / 2;

/**
 * Contacts a search typed before every contact is read reads at most for its first page (newest first): the read of
 * every contact waits meanwhile, so a rare match (a page not filled within them) delays it by no more than these.
 */
const EARLY_MOST = 10_000;

/**
 * The list, following the vault once `init` is called. `written` hears the keys of each write announced (null when
 * every contact was removed), before the list applies it.
 */
export function createLibraryList(written: (keys: readonly string[] | null) => void) {
  /** Every contact's summary, null until read. */
  const all = signal<ContactSummary[] | null>(null);
  /** The first page (newest contacts, exact counts), listed until every summary is read. */
  const first = signal<{ rows: ContactSummary[]; totals: Totals } | null>(null);
  const q = signal<LibraryQuery>(DEFAULT_QUERY);
  const shown = signal(PAGE);

  /** The first page's rows while they lead every contact read (see {@link leadsAll}); null otherwise. */
  const lead = signal<ContactSummary[] | null>(null);
  /**
   * Before every contact is read: the first page of a query's matches, found by reading newest first until a page
   * is filled (`libraryReads.firstMatching`), listed while its count is not known yet.
   */
  const early = signal<{ q: LibraryQuery; rows: ContactSummary[] } | null>(null);

  /** Every contact is read: search, filters, sorts and export work on all of them. */
  const ready = computed(() => all.value !== null);
  /** Something to list: the first page or everything. */
  const loaded = computed(() => ready.value || first.value !== null);
  /** Every contact, ready for queries: made once a full read, then patched by each change (`patchPrepared`). */
  const prepared = signal<Prepared | null>(null);
  /** The contacts matching the query, in its order; null until every contact is read. */
  const matches = computed(() => prepared.value && query(prepared.value, q.value));
  /** Every contact's counts, and how many have data flagged wrong: counted once read, then patched by each change. */
  const tallies = signal<{ totals: Totals; flagged: number } | null>(null);
  const totals = computed(() => tallies.value?.totals ?? first.value?.totals ?? counts([]));
  /** How many match; before every contact is read, known only for the default query (all of them). */
  const matchCount = computed(() => {
    // Listing every contact: the count is the total, with no query run (and no sort).
    if (listsAll(q.value)) return ready.value || first.value ? totals.value.total : null;
    return matches.value?.length ?? null;
  });
  const visible = computed(() => {
    const found = early.value;
    if (!ready.value && found && found.q === q.value) return found.rows.slice(0, shown.value);
    const top = listsAll(q.value) ? (ready.value ? lead.value : first.value?.rows) : null;
    if (top && (shown.value <= top.length || !ready.value)) return top.slice(0, shown.value);
    return (matches.value ?? []).slice(0, shown.value);
  });

  async function loadOnce() {
    const page = await libraryReads.first();
    // A first page holding every contact is every contact.
    if (page.rows.length === page.totals.total) {
      show(page.rows, null);
      return;
    }
    // While a full list is shown, it stays until the next one is read (a reload must not shrink it to a page).
    if (!ready.value) first.value = page;
    show(await libraryReads.all(() => searching), page.rows);
  }

  /**
   * Every contact, with the first page's rows when they lead them (a change may have come between the reads), or
   * `patched`: the list as a change left it, with the rows that still lead it and every contact prepared.
   */
  function show(
    every: ContactSummary[],
    top: ContactSummary[] | null,
    patched?: {
      lead: ContactSummary[] | null;
      prepared: Prepared;
      tallies: { totals: Totals; flagged: number };
    },
  ) {
    batch(() => {
      lead.value = patched ? patched.lead : top && leadsAll(top, every) ? top : null;
      prepared.value = patched ? patched.prepared : prepare(every);
      tallies.value = patched
        ? patched.tallies
        : { totals: counts(every), flagged: every.reduce((n, s) => n + Number(s.flagged ?? false), 0) };
      all.value = every;
      early.value = null;
    });
    warmLater();
  }

  let stopWarming = () => {};
  /**
   * Sorts every contact once the page is idle, so the first query, sort or "Show more" does not wait for it: after
   * the frame that shows a change (a row deleted), not before it.
   */
  function warmLater() {
    stopWarming();
    const warm = () => {
      void matches.value;
      // And finds each contact by key, so a change does not look through them all.
      const ready = prepared.peek();
      if (ready) entriesByKey(ready);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(warm, { timeout: 500 });
      stopWarming = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(warm, 0);
      stopWarming = () => clearTimeout(id);
    }
  }

  /** One load at a time; a change during one loads once more after it (a bulk reveal writes many). */
  let running: Promise<void> | null = null;
  let again = false;
  function load(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await loadOnce();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /**
   * Applies a change by reading the contacts it names, when every contact is in hand and no load is under way;
   * loads otherwise. True when applied.
   */
  async function apply(keys: ReadonlySet<string>): Promise<boolean> {
    if (!all.value || running) return false;
    const read = await libraryReads.some([...keys]);
    return patch(
      keys,
      read.flatMap((summary) => (summary ? [summary] : [])),
    );
  }

  /**
   * Takes the contacts `keys` names out of the list and adds `put` (what they read now), when every contact is in
   * hand and no load is under way: a pass over the list, never a read or a sort of every contact. True when done.
   */
  function patch(keys: ReadonlySet<string>, put: ContactSummary[]): boolean {
    const before = all.peek();
    const was = prepared.peek();
    const counted = tallies.peek();
    if (!before || !was || !counted || running) return false;
    const gone = summariesOf(was, new Set([...keys, ...put.map((summary) => summary.key)]));
    // Nothing listed changed (the announcement of a delete this page already applied).
    if (put.length === 0 && gone.length === 0) return true;
    const every = without(before, gone);
    every.push(...put);
    const top = lead.peek();
    // Rows taken out of the first page leave it leading the rest; a contact added may rank among them.
    // (The first page's rows are its own read: told by key.)
    const still = top && put.length === 0 ? top.filter((summary) => !keys.has(summary.key)) : null;
    const flagged = (list: readonly ContactSummary[]) => list.filter((summary) => summary.flagged).length;
    show(every, null, {
      lead: still,
      prepared: patchPrepared(was, keys, put),
      tallies: {
        totals: countsAfter(counted.totals, gone, put),
        flagged: counted.flagged - flagged(gone) + flagged(put),
      },
    });
    return true;
  }

  let pending: ReturnType<typeof setTimeout> | undefined;
  /** Changes are applied one after another, each on the list the one before left. */
  let applying = Promise.resolve();
  /** Contacts changed and not applied yet; null when every contact was removed. */
  let changes: Set<string> | null = new Set();
  /** Loads, then follows the vault (a reveal elsewhere adds a contact; batched, a bulk reveal writes many). */
  let stopWatching: (() => void) | null = null;
  async function init() {
    stopWatching = libraryReads.watch((keys) => {
      written(keys);
      if (keys === null) changes = null;
      else if (changes) for (const key of keys) changes.add(key);
      clearTimeout(pending);
      pending = setTimeout(() => {
        const batch = changes;
        changes = new Set();
        applying = applying.then(async () => {
          if (!batch || !(await apply(batch))) await load();
        });
      }, 150);
    });
    await load();
  }

  /** A new query lists its first page again (found early while every contact is being read). */
  const setQuery = (change: Partial<LibraryQuery>) => {
    q.value = { ...q.value, ...change };
    shown.value = PAGE;
    searchEarly(q.value);
  };

  /** Queries asked before every contact is read: the one a first page is being found for is the latest. */
  let asked = 0;
  /** The search for a first page under way: the read of every contact waits for it between its chunks. */
  let searching: Promise<unknown> = Promise.resolve();
  /** Finds the first page of a query's matches while every contact is being read (orders by time only). */
  function searchEarly(wanted: LibraryQuery) {
    const ticket = ++asked;
    early.value = null;
    const newest = wanted.sort === 'newest';
    if (ready.peek() || listsAll(wanted) || (!newest && wanted.sort !== 'oldest')) return;
    const now = Date.now();
    const stale = () => ticket !== asked || ready.peek();
    // The first matches are listed as soon as they are sure to be the first, the rest of the page as found.
    const list = (rows: ContactSummary[]) => {
      if (!stale()) early.value = { q: wanted, rows };
    };
    searching = libraryReads
      .firstMatching((step) => query(prepare(step), wanted, now), PAGE, newest, stale, EARLY_MOST, list)
      .then((rows) => {
        if (rows && !stale()) early.value = { q: wanted, rows };
      })
      .catch((problem: unknown) => console.warn('Could not search the first contacts', problem));
  }

  return {
    all,
    loaded,
    ready,
    q,
    shown,
    matches,
    matchCount,
    totals,
    tallies,
    visible,
    init,
    load,
    apply,
    patch,
    setQuery,
    /** The summary the list holds of a contact, by key (the CSV export writes the line kept beside it). */
    held: (key: string) => {
      const every = prepared.peek();
      return every ? entriesByKey(every).get(key)?.summary : undefined;
    },
    /** Stops following the vault. */
    dispose() {
      stopWatching?.();
      clearTimeout(pending);
      stopWarming();
    },
  };
}

export type LibraryList = ReturnType<typeof createLibraryList>;
