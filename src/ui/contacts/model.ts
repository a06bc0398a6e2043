/**
 * The "Revealed contacts" library's model: the list (`list.ts`: every contact, the query, what matches and is
 * shown), the contacts selected, the contact open, and the actions (open, delete, Undo, export).
 */
import { computed, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import { countOf } from '../../format/numbers';
import { vault } from '../../store/database/vault/vault';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import type { TakenOut } from '../../store/database/vault/vault-restore';
import { call } from '../rpc';
import { exportCsv, exportVCards } from './export';
import { createLibraryList, PAGE } from './list';
import { UNDO_MS } from './undo-time';

export { PAGE } from './list';
export { UNDO_MS } from './undo-time';

export function createLibraryModel() {
  const opened = signal<ContactRecord | null>(null);
  const list = createLibraryList((keys) => {
    // The contact open shows what was just written of it (a flag from its own card, a reveal elsewhere).
    const shownKey = opened.value?.key;
    if (shownKey && keys?.includes(shownKey))
      void vault.get(shownKey).then((record) => {
        if (opened.value?.key === shownKey) opened.value = record;
      });
  });
  const { all, ready, q, shown, matches, matchCount, tallies, load, apply, patch } = list;
  /** The exports include data flagged wrong (left out unless the user ticks it). */
  const includeFlagged = signal(false);
  /** How many contacts have data flagged wrong (0 until every contact is read). */
  const flaggedCount = computed(() => tallies.value?.flagged ?? 0);
  const notice = signal('');
  /** What the last delete took out, while its Undo is offered. */
  const undo = signal<{ taken: TakenOut; count: number } | null>(null);
  const error = signal<ApiErrorJSON | null>(null);
  /** An export under way: contacts read so far, of how many (null when none is). */
  const exporting = signal<{ done: number; total: number } | null>(null);

  /** The contacts the recruiter ticked, by key: kept across searches and filters, until cleared or deleted. */
  const selected = signal<ReadonlySet<string>>(new Set());

  /** Ticks or unticks contacts. */
  function select(keys: readonly string[], on: boolean) {
    const next = new Set(selected.value);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    selected.value = next;
  }
  /** Every contact the search and filters match is selected, not only those listed. */
  const allMatchingSelected = computed(() => {
    // Fewer selected than match: no need to run the query (a list of every contact needs none to be counted).
    const n = matchCount.value;
    if (!ready.value || !n || selected.value.size < n) return false;
    const keys = matches.value;
    return keys !== null && keys.length > 0 && keys.every((summary) => selected.value.has(summary.key));
  });

  async function open(key: string | null) {
    opened.value = key === null ? null : await vault.get(key);
  }

  /**
   * Deletes these contacts. They come back whole on Undo, offered for {@link UNDO_MS}: the contacts taken out are
   * held here meanwhile, and only here. (Deleting every contact is done in Options.)
   */
  async function remove(keys: string[]) {
    error.value = null;
    undo.value = null;
    // Marks for the Performance panel and `scripts/profile-library.ts`: the background's part, then the page's.
    performance.mark('library:delete');
    const result = await call('takeOutContacts', { keys });
    performance.measure('library:delete answered', 'library:delete');
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    const n = new Set(keys).size;
    const offered = { taken: result.value, count: n };
    undo.value = offered;
    setTimeout(() => {
      if (undo.peek() === offered) undo.value = null;
    }, UNDO_MS);
    notice.value = `Deleted ${countOf(n, 'contact')}.`;
    if (opened.value && keys.includes(opened.value.key)) opened.value = null;
    // A deleted contact is no longer selected (nothing can be sent of it).
    select(keys, false);
    // Its row goes at once: the list drops it, read from nothing (the vault's announcement of it changes nothing
    // more). While every contact is still being read, the read under way is done again.
    if (!patch(new Set(keys), [])) await load();
    performance.measure('library:delete patched', 'library:delete');
  }

  /**
   * What an export writes: the contacts selected when some are (in the list's order, any the search now hides
   * after them), else every contact the search and filters match.
   */
  function exportKeys(): string[] {
    const listed = (matches.value ?? []).map((summary) => summary.key);
    const chosen = selected.value;
    if (chosen.size === 0) return listed;
    const inList = listed.filter((key) => chosen.has(key));
    const seen = new Set(inList);
    return [...inList, ...[...chosen].filter((key) => !seen.has(key))];
  }

  /** Exports what {@link exportKeys} names, one export at a time, saying how far it has got. */
  async function exportAs(kind: 'csv' | 'vcard') {
    const include = includeFlagged.value;
    const keys = exportKeys();
    if (keys.length === 0 || exporting.value) return;
    notice.value = '';
    exporting.value = { done: 0, total: keys.length };
    const progress = (done: number, total: number) => (exporting.value = { done, total });
    try {
      const n = await (kind === 'csv'
        ? exportCsv(keys, progress, include, list.held)
        : exportVCards(keys, progress, include));
      notice.value = `Exported ${countOf(n, 'contact')}.`;
    } finally {
      exporting.value = null;
    }
  }

  /** Puts back the contacts the last delete took out, with their sent marks. */
  async function undoDelete() {
    const offered = undo.peek();
    if (!offered) return;
    undo.value = null;
    const result = await call('putBackContacts', offered.taken);
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    const n = result.value.restored;
    notice.value = `Brought back ${countOf(n, 'contact')}.`;
    if (!(await apply(new Set(offered.taken.records.map((record) => record.key))))) await load();
  }

  return {
    all,
    loaded: list.loaded,
    undo,
    undoDelete,
    ready,
    q,
    shown,
    opened,
    notice,
    error,
    exporting,
    includeFlagged,
    flaggedCount,
    matches,
    matchCount,
    totals: list.totals,
    visible: list.visible,
    selected,
    allMatchingSelected,
    select,
    /** Selects every contact the search and filters match. */
    selectMatching: () =>
      select(
        (matches.value ?? []).map((summary) => summary.key),
        true,
      ),
    clearSelection: () => (selected.value = new Set()),
    init: list.init,
    setQuery: list.setQuery,
    open,
    remove,
    exportAs,
    showMore: () => (shown.value += PAGE),
    /** Stops following the vault: the page's model lives as long as the page, a test's as long as the test. */
    dispose: list.dispose,
  };
}

export type LibraryModel = ReturnType<typeof createLibraryModel>;
