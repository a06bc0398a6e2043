/**
 * The "Revealed contacts" library's model: the contacts' summaries, the query the recruiter types and picks, what
 * matches, and the actions (open, delete one, delete all, export).
 *
 * It opens in two steps, so the first rows take the same time at 50,000 contacts as at 1,000: the index's small
 * first page (the newest contacts and the exact counts) is listed at once, then every summary is read for search,
 * filters, other sorts and export. Meanwhile nothing shown is wrong: a query other than the default waits for
 * every contact (its count reads as unknown, never as a count of the first page), and export stays off. Once every
 * summary is read, a change (a reveal, a bulk reveal, a deletion) is applied from the shards it rewrote, as storage
 * reports them: the index is never read again whole for it.
 *
 * Reading every contact does not redo what the first page already holds: while it leads every contact (checked in
 * one pass, `leadsAll`), the default order's first rows are the first page's, and every contact is sorted only when
 * a query, a sort or "Show more" past the first page needs it, or once the page is idle.
 */
import { computed, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import {
  type ContactSummary,
  contactsIndex,
  FIRST_KEY,
  FIRST_PAGE,
  OLDEST_KEY,
  readFirstPage,
  shardNumber,
  summariesOf,
  summaryOf,
  type Totals,
} from '../../contacts-index';
import { vault } from '../../store/vault';
import type { ContactRecord } from '../../store/vault-record';
import { call } from '../rpc';
import { exportCsv, exportVCards } from './export';
import { counts, DEFAULT_QUERY, type LibraryQuery, leadsAll, listsAll, prepare, query } from './query';

/** Rows rendered at first and added by each "Show more" (the first page holds two such pages). */
export const PAGE = FIRST_PAGE / 2;

export function createLibraryModel() {
  /** Every contact's summary, null until read. */
  const all = signal<ContactSummary[] | null>(null);
  /** The first page (newest contacts, exact counts), listed until every summary is read. */
  const first = signal<{ rows: ContactSummary[]; totals: Totals } | null>(null);
  const q = signal<LibraryQuery>(DEFAULT_QUERY);
  const shown = signal(PAGE);
  const opened = signal<ContactRecord | null>(null);
  const notice = signal('');
  const error = signal<ApiErrorJSON | null>(null);
  /** An export under way: contacts read so far, of how many (null when none is). */
  const exporting = signal<{ done: number; total: number } | null>(null);

  /** The first page's rows while they lead every contact read (see {@link leadsAll}); null otherwise. */
  const lead = signal<ContactSummary[] | null>(null);

  /** Every contact is read: search, filters, sorts and export work on all of them. */
  const ready = computed(() => all.value !== null);
  /** Something to list: the first page or everything. */
  const loaded = computed(() => ready.value || first.value !== null);
  const prepared = computed(() => all.value && prepare(all.value));
  /** The contacts matching the query, in its order; null until every contact is read. */
  const matches = computed(() => prepared.value && query(prepared.value, q.value));
  const totals = computed(() => (all.value ? counts(all.value) : (first.value?.totals ?? counts([]))));
  /** How many match; before every contact is read, known only for the default query (all of them). */
  const matchCount = computed(() => {
    // Listing every contact: the count is the total, with no query run (and no sort).
    if (listsAll(q.value)) return ready.value || first.value ? totals.value.total : null;
    return matches.value?.length ?? null;
  });
  const visible = computed(() => {
    const top = listsAll(q.value) ? (ready.value ? lead.value : first.value?.rows) : null;
    if (top && (shown.value <= top.length || !ready.value)) return top.slice(0, shown.value);
    return (matches.value ?? []).slice(0, shown.value);
  });

  /** Every shard's summaries once read whole (null before, or when the first page held every contact). */
  let shards: ContactSummary[][] | null = null;

  async function loadOnce() {
    const page = await contactsIndex.first();
    // A first page holding every contact is the whole index.
    if (page && page.rows.length === page.totals.total) {
      shards = null;
      lead.value = null;
      all.value = page.rows;
      return;
    }
    // While a full list is shown, it stays until the next one is read (a reload must not shrink it to a page).
    if (page && !ready.value) first.value = page;
    // Without a first page the index is read whole if built; until the background first builds it (at its first
    // start), "Loading…" stays, and the build's write loads again: the vault's full records are never read here.
    if (page || (await contactsIndex.built())) {
      shards = await contactsIndex.shards();
      show(shards.flat(), page?.rows ?? null);
    }
  }

  /** Every contact, with the first page's rows when they lead them (a change may have come between the reads). */
  function show(every: ContactSummary[], top: ContactSummary[] | null) {
    lead.value = top && leadsAll(top, every) ? top : null;
    all.value = every;
    warmLater();
  }

  let warming: ReturnType<typeof setTimeout> | undefined;
  /** Sorts every contact once the page is idle, so the first query, sort or "Show more" does not wait for it. */
  function warmLater() {
    clearTimeout(warming);
    warming = setTimeout(() => void matches.value, 0);
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
   * Applies changed shards from the change itself when every shard is in hand and no read is under way (a change
   * rewrites a few shards: nothing is read again); loads otherwise. True when applied.
   */
  function apply(changed: ReadonlyMap<string, unknown>): boolean {
    if (!shards || running) return false;
    const next = [...shards];
    let top: ContactSummary[] | null = null;
    for (const [key, value] of changed) {
      const n = shardNumber(key);
      if (n !== null) next[n] = summariesOf(value);
      // The first page, written with the shards, is their top rows; anything else (a rebuild) loads.
      else if (key === FIRST_KEY)
        top = [...(readFirstPage(value)?.rows ?? [])].map(([k, row]) => summaryOf(k, row));
      else if (key !== OLDEST_KEY) return false;
    }
    shards = next;
    show(next.flat(), top);
    return true;
  }

  let pending: ReturnType<typeof setTimeout> | undefined;
  /** Changes not applied yet: the last value of each key. */
  let changes = new Map<string, unknown>();
  /** Loads, then follows the index (a reveal elsewhere adds a contact; batched, a bulk reveal writes many). */
  async function init() {
    contactsIndex.watch((changed) => {
      for (const [key, value] of changed) changes.set(key, value);
      clearTimeout(pending);
      pending = setTimeout(() => {
        const batch = changes;
        changes = new Map();
        if (!apply(batch)) void load();
      }, 150);
    });
    await load();
  }

  const setQuery = (change: Partial<LibraryQuery>) => {
    q.value = { ...q.value, ...change };
    shown.value = PAGE;
  };

  async function open(key: string | null) {
    opened.value = key === null ? null : await vault.get(key);
  }

  async function remove(keys: string[], all = false) {
    error.value = null;
    const result = all ? await call('clearVault') : await call('removeContacts', { keys });
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    const n = result.value.removed;
    notice.value = `Deleted ${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}.`;
    if (opened.value && (all || keys.includes(opened.value.key))) opened.value = null;
    await load();
  }

  /** Exports what matches, one export at a time, saying how far it has got. */
  async function exportAs(kind: 'csv' | 'vcard') {
    if (!matches.value || exporting.value) return;
    const keys = matches.value.map((summary) => summary.key);
    notice.value = '';
    exporting.value = { done: 0, total: keys.length };
    const progress = (done: number, total: number) => (exporting.value = { done, total });
    try {
      const n = await (kind === 'csv' ? exportCsv(keys, progress) : exportVCards(keys, progress));
      notice.value = `Exported ${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}.`;
    } finally {
      exporting.value = null;
    }
  }

  return {
    all,
    loaded,
    ready,
    q,
    shown,
    opened,
    notice,
    error,
    exporting,
    matches,
    matchCount,
    totals,
    visible,
    init,
    setQuery,
    open,
    remove,
    exportAs,
    showMore: () => (shown.value += PAGE),
  };
}

export type LibraryModel = ReturnType<typeof createLibraryModel>;
