/**
 * The "Revealed contacts" library's model: every contact's summary (from the compact index, or from the vault
 * itself while the index is first built), the query the recruiter types and picks, what matches, and the actions
 * (open, delete one, delete all, export).
 */
import { computed, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import { type ContactSummary, contactsIndex, summarize } from '../../contacts-index';
import { type ContactRecord, vault } from '../../storage';
import { call } from '../rpc';
import { exportCsv, exportVCards } from './export';
import { counts, DEFAULT_QUERY, type LibraryQuery, prepare, query } from './query';

/** Rows rendered at first and added by each "Show more". */
export const PAGE = 100;

async function summaries(): Promise<ContactSummary[]> {
  if (await contactsIndex.built()) return contactsIndex.all();
  return (await vault.all()).map(summarize);
}

export function createLibraryModel() {
  const all = signal<ContactSummary[]>([]);
  const loaded = signal(false);
  const q = signal<LibraryQuery>(DEFAULT_QUERY);
  const shown = signal(PAGE);
  const opened = signal<ContactRecord | null>(null);
  const notice = signal('');
  const error = signal<ApiErrorJSON | null>(null);

  const prepared = computed(() => prepare(all.value));
  const matches = computed(() => query(prepared.value, q.value));
  const totals = computed(() => counts(all.value));
  const visible = computed(() => matches.value.slice(0, shown.value));

  async function load() {
    all.value = await summaries();
    loaded.value = true;
  }

  let pending: ReturnType<typeof setTimeout> | undefined;
  /** Loads, then follows the index (a reveal elsewhere adds a contact; batched, a bulk reveal writes many). */
  async function init() {
    contactsIndex.watch(() => {
      clearTimeout(pending);
      pending = setTimeout(() => void load(), 150);
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

  async function exportAs(kind: 'csv' | 'vcard') {
    const keys = matches.value.map((summary) => summary.key);
    const n = await (kind === 'csv' ? exportCsv(keys) : exportVCards(keys));
    notice.value = `Exported ${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}.`;
  }

  return {
    all,
    loaded,
    q,
    shown,
    opened,
    notice,
    error,
    matches,
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
