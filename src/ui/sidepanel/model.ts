/**
 * The side panel's model: the search form (three modes), the current search as stored by the background (its paid
 * pages, what the service understood), paging at a known cost, reveals from result rows against the vault, saved
 * searches, CSV export, and what the panel is focused on (a context-menu contact or selection).
 *
 * Everything shown comes from storage (watched); messages only ask the background to act.
 */
import { batch, computed, type Signal, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import type { ApiErrorJSON } from '../../api/errors';
import { formatCredits, searchCost } from '../../api/pricing';
import type { SearchRequest } from '../../api/schema';
import type { Retrievable } from '../../api/schema-parts';
import { lostItsWorker } from '../../domain/worker';
import type { DistanceUnit } from '../../search/criteria';
import { profileUrl } from '../../sites/linkedin/url';
import { account, keyHint } from '../../store/account';
import { jobs, outcomeUnknown, type RevealJob } from '../../store/jobs';
import { PREFIXES } from '../../store/keys';
import { type PanelFocus, panelFocus } from '../../store/panel';
import {
  currentSearch,
  type SearchMode,
  type SearchSession,
  type StoredProfile,
  savedSearches,
} from '../../store/search';
import { settings } from '../../store/settings';
import { vault } from '../../store/vault';
import { type ContactRecord, itemsToAsk, vaultKeyFor } from '../../store/vault-record';
import { workerBeat } from '../../store/worker-beat';
import { call } from '../rpc';
import { stored } from '../use-stored';
import { createBulkModel, DEFAULT_CONFIRM_ABOVE } from './bulk-model';
import { candidatesCsv, csvFileName, downloadText, heldProfiles } from './export-csv';
import { buildCriteria, criteriaToForm, entriesToTags, FILTER_FIELDS, type Tag } from './filter-fields';
import { freeTextProblem, jdProblem } from './text-limits';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * Each stored row's canonical profile URL, worked out once: every row asks for it on every render (its vault
 * record, its bulk state), and a bulk reveal re-renders the rows on each contact it stores.
 */
const canonicalUrls = new WeakMap<StoredProfile, string | null>();

/** The reveal target of a result row: its profile URL (when it has one) and its candidate id. */
export function rowTarget(profile: StoredProfile): { socialUrl: string | null; candidateId: string } {
  let socialUrl = canonicalUrls.get(profile);
  if (socialUrl === undefined) {
    // Both identifiers: the background asks by URL when there is one, and finds a contact held under either.
    socialUrl = profile.social_url ? profileUrl(profile.social_url) : null;
    canonicalUrls.set(profile, socialUrl);
  }
  return { socialUrl, candidateId: profile.id };
}

export function createSidePanelModel() {
  // -- stored state -------------------------------------------------------------------------------------------
  const storedSession = stored<SearchSession | null>(null, currentSearch.get, currentSearch.watch);
  const storedJobs = stored<RevealJob[]>([], jobs.all, jobs.watch);
  const beat = stored(null, workerBeat.get, workerBeat.watch);
  /** The clock a running search's or reveal's heartbeat is judged by; ticks only while one is stored as running. */
  const now = signal(Date.now());
  const ticker = setInterval(() => {
    const running = (x: { status: string } | null | undefined) => x?.status === 'running';
    if (running(storedSession.value.peek()) || storedJobs.value.peek().some(running)) now.value = Date.now();
  }, 1000);
  /** The search as it is: one stored as running whose worker stopped beating was cut off, and says so. */
  const session = {
    ...storedSession,
    value: computed((): SearchSession | null => {
      const s = storedSession.value.value;
      return s &&
        lostItsWorker(s.status, s.worker, beat.loaded.value ? beat.value.value : undefined, now.value)
        ? { ...s, status: 'interrupted' }
        : s;
    }),
  };
  /** Reveal jobs as they are: one stored as running whose worker stopped beating was cut off. */
  const revealJobs = computed((): RevealJob[] =>
    storedJobs.value.value.map((j) =>
      lostItsWorker(j.status, j.worker, beat.loaded.value ? beat.value.value : undefined, now.value)
        ? { ...j, status: 'interrupted' }
        : j,
    ),
  );
  /** The newest reveal job of each contact (jobs are stored newest first). */
  const latestJob = computed(() => {
    const latest = new Map<string, RevealJob>();
    for (const j of revealJobs.value) if (!latest.has(j.vaultKey)) latest.set(j.vaultKey, j);
    return latest;
  });
  const focus = stored<PanelFocus | null>(null, panelFocus.get, panelFocus.watch);
  const balance = stored(null, account.get, account.watch);
  const key = stored(null, keyHint.get, keyHint.watch);
  const saved = stored([], savedSearches.all, savedSearches.watch);
  /**
   * The vault records this panel shows (the search's rows on every page loaded, the focused contact, the people on
   * a LinkedIn page), read for those targets only, whatever the vault holds; changed records are re-read as they land.
   */
  const records = signal<ReadonlyMap<string, ContactRecord>>(new Map());

  // -- the form -------------------------------------------------------------------------------------------------
  const mode = signal<SearchMode>('filters');
  const tags = Object.fromEntries(FILTER_FIELDS.map((f) => [f.key, signal<Tag[]>([])])) as Record<
    string,
    Signal<Tag[]>
  >;
  const drafts = Object.fromEntries(FILTER_FIELDS.map((f) => [f.key, signal('')])) as Record<
    string,
    Signal<string>
  >;
  const fieldProblems = signal<Record<string, string>>({});
  const radius = signal('');
  const unit = signal<DistanceUnit>('mi');
  /** Criteria the form has no field for (e.g. from what the service understood): kept and sent as they are. */
  const extra = signal<Record<string, unknown>>({});
  const includeSimilar = signal(false);
  const freeText = signal('');
  const jd = signal('');
  const pageSize = signal<number>(50);

  const busy = signal(false);
  const actionError = signal<ApiErrorJSON | null>(null);
  const selection = signal<Retrievable[]>([]);
  const revealing = signal<ReadonlySet<string>>(new Set());
  const revealErrors = signal<Readonly<Record<string, ApiErrorJSON>>>({});
  const savedError = signal<ApiErrorJSON | null>(null);
  /** Why "Save search" did not save: shown by its own form, not in the list below. */
  const saveError = signal<ApiErrorJSON | null>(null);
  const notice = signal<string | null>(null);
  const confirmAbove = signal(DEFAULT_CONFIRM_ABOVE);
  const stopWatchingSettings = settings.watch((next) => {
    confirmAbove.value = next.confirmAboveCredits ?? DEFAULT_CONFIRM_ABOVE;
  });

  // -- vault lookups for result rows ------------------------------------------------------------------------------
  const byKey = records;
  const byCandidateId = computed(
    () => new Map([...records.value.values()].filter((r) => r.candidateId).map((r) => [r.candidateId!, r])),
  );
  const recordForTarget = (target: {
    socialUrl: string | null;
    candidateId: string | null;
  }): ContactRecord | null =>
    (target.socialUrl ? byKey.value.get(target.socialUrl) : undefined) ??
    (target.candidateId ? byCandidateId.value.get(target.candidateId) : undefined) ??
    null;
  const recordFor = (profile: StoredProfile): ContactRecord | null => recordForTarget(rowTarget(profile));
  const runningKeys = computed(
    () => new Set(revealJobs.value.filter((j) => j.status === 'running').map((j) => j.vaultKey)),
  );
  /** The row's last reveal, when its outcome is unknown (it may have been charged): asking again is its own choice. */
  const cutOffFor = (profile: StoredProfile): RevealJob | null => {
    const job = latestJob.value.get(recordFor(profile)?.key ?? vaultKeyFor(rowTarget(profile)));
    return job && outcomeUnknown(job) ? job : null;
  };
  /** The reveals this panel asked for, by vault key (newest): a row says what its own reveal charged. */
  const revealedHere = signal<ReadonlyMap<string, string>>(new Map());
  /** Remembers a reveal this panel asked for (null: nothing was sent, the vault held it all). */
  const noteReveal = (job: RevealJob | null) => {
    if (job) revealedHere.value = new Map(revealedHere.value).set(job.vaultKey, job.id);
  };
  /** The finished reveal this panel asked for this target, as the background stored it; null when none. */
  const chargeFor = (target: { socialUrl: string | null; candidateId: string | null }): RevealJob | null => {
    const id = revealedHere.value.get(recordForTarget(target)?.key ?? vaultKeyFor(target));
    const job = id === undefined ? undefined : revealJobs.value.find((j) => j.id === id);
    return job?.status === 'done' ? job : null;
  };
  const isRevealing = (profile: StoredProfile) =>
    revealing.value.has(profile.id) ||
    runningKeys.value.has(recordFor(profile)?.key ?? vaultKeyFor(rowTarget(profile)));

  const bulk = createBulkModel({
    recordFor: recordForTarget,
    selection,
    balance: balance.value,
    confirmAbove,
  });

  /** Counts contact changes, so a read that a change overtook is done again rather than merged stale. */
  let vaultChanges = 0;
  /** Reads the records of these targets into the panel (two storage reads, however many). */
  async function want(targets: ReadonlyArray<{ socialUrl: string | null; candidateId: string | null }>) {
    if (targets.length === 0) return;
    for (;;) {
      const before = vaultChanges;
      const found = await vault.findMany(targets);
      if (before !== vaultChanges) continue;
      if (found.length === 0) return;
      const next = new Map(records.value);
      for (const record of found) next.set(record.key, record);
      records.value = next;
      return;
    }
  }
  /** Re-reads only the contacts that changed (a bulk reveal writes one at a time). */
  const refreshContacts = async (keys: string[]) => {
    const fresh = await vault.getMany(keys);
    const next = new Map(records.value);
    for (const key of keys) next.delete(key);
    for (const record of fresh) next.set(record.key, record);
    records.value = next;
  };
  const onStorage = (changes: Record<string, unknown>, area: string) => {
    if (area !== 'local') return;
    const keys = Object.keys(changes).flatMap((k) => PREFIXES.contact.idOf(k) ?? []);
    if (keys.length === 0) return;
    vaultChanges++;
    void refreshContacts(keys);
  };
  browser.storage.onChanged.addListener(onStorage);

  // -- what the panel shows ------------------------------------------------------------------------------------
  /** A context-menu contact or selection, when it is newer than the current search. */
  const activeFocus = computed(() => {
    const f = focus.value.value;
    if (!f || f.kind === 'search') return null;
    const s = session.value.value;
    return s && s.startedAt > f.at ? null : f;
  });
  const focusRecord = computed(() => {
    const f = activeFocus.value;
    return f?.kind === 'contact' ? (byKey.value.get(f.vaultKey) ?? null) : null;
  });
  const focusJob = computed(() => {
    const f = activeFocus.value;
    return f?.kind === 'contact' ? (revealJobs.value.find((j) => j.vaultKey === f.vaultKey) ?? null) : null;
  });

  // -- the request and its cost ---------------------------------------------------------------------------------
  const criteria = computed(() =>
    buildCriteria(Object.fromEntries(FILTER_FIELDS.map((f) => [f.key, tags[f.key]!.value])), extra.value),
  );
  const hasDrafts = computed(() => FILTER_FIELDS.some((f) => drafts[f.key]!.value.trim() !== ''));
  const inputProblem = computed(() => {
    switch (mode.value) {
      case 'free_text':
        return freeTextProblem(freeText.value);
      case 'jd':
        return jdProblem(jd.value);
      default: {
        const first = Object.values(fieldProblems.value)[0];
        if (first) return first;
        return Object.keys(criteria.value).length === 0 && !hasDrafts.value
          ? 'Add at least one filter value (type it and press Enter).'
          : null;
      }
    }
  });
  const request = computed((): SearchRequest => {
    const size = { page_size: pageSize.value };
    if (mode.value === 'free_text') return { free_text_search: freeText.value.trim(), ...size };
    if (mode.value === 'jd') return { jd_search: jd.value.trim(), ...size };
    return { search_criteria: criteria.value, include_similar_titles: includeSimilar.value, ...size };
  });
  /** Nothing typed yet in the current mode: what Search needs is a hint then, not a problem. */
  const nothingEntered = computed(() =>
    mode.value === 'free_text'
      ? freeText.value.trim() === ''
      : mode.value === 'jd'
        ? jd.value.trim() === ''
        : Object.keys(criteria.value).length === 0 &&
          !hasDrafts.value &&
          Object.keys(fieldProblems.value).length === 0,
  );
  /** No API key is set (known once read). */
  const keyMissing = computed(() => key.loaded.value && !key.value.value);
  const cost = computed(() => searchCost(request.value));
  const running = computed(() => session.value.value?.status === 'running');

  /** Why Search cannot be clicked, or null when it can. */
  const disabledReason = computed(() => {
    if (busy.value || running.value) return 'A search is running.';
    if (keyMissing.value) return 'Set your API key in Options first.';
    const problem = inputProblem.value;
    if (problem) return problem;
    const remaining = balance.value.value?.remaining;
    if (remaining !== undefined && remaining < cost.value) {
      return `Your balance (${formatCredits(remaining)}) is below this search's cost (${formatCredits(cost.value)}).`;
    }
    return null;
  });

  // -- paging -----------------------------------------------------------------------------------------------------
  const currentPage = computed(() => {
    const s = session.value.value;
    return s?.pages.find((p) => p.start === s.currentStart) ?? null;
  });
  const held = (start: number | null) =>
    start !== null && (session.value.value?.pages.some((p) => p.start === start) ?? false);
  const nextStart = computed(() => {
    const page = currentPage.value;
    return page?.hasNext && page.nextStart !== null ? page.nextStart : null;
  });
  const prevStart = computed(() => {
    const s = session.value.value;
    const page = currentPage.value;
    if (!s || !page || page.start <= 1) return null;
    return s.pages.find((p) => p.nextStart === page.start)?.start ?? null;
  });
  /** A later page's cost: free when already paid for; otherwise the frozen body's (never a re-parse). */
  const pageCost = (start: number | null) => {
    const frozen = session.value.value?.frozen;
    return held(start) ? 0 : searchCost(frozen ?? {});
  };

  // -- form actions ---------------------------------------------------------------------------------------------
  const setProblem = (fieldKey: string, problem: string | null) => {
    const next = { ...fieldProblems.value };
    if (problem) next[fieldKey] = problem;
    else delete next[fieldKey];
    fieldProblems.value = next;
  };

  /** Turns a field's typed text into tags; false when a value is not acceptable (the message is shown). */
  function commitDraft(fieldKey: string): boolean {
    const field = FILTER_FIELDS.find((f) => f.key === fieldKey)!;
    const draft = drafts[fieldKey]!;
    if (draft.value.trim() === '') {
      setProblem(fieldKey, null);
      return true;
    }
    const typed = radius.value.trim();
    const r = Number(typed);
    if (field.kind === 'location' && typed !== '' && !(Number.isInteger(r) && r >= 1)) {
      // Never silently drop or round a radius: the search would run on a place the user did not mean.
      setProblem(fieldKey, `Radius "${typed}" must be a whole number of miles or kilometres, 1 or more.`);
      return false;
    }
    const { tags: added, problem } = entriesToTags(field, draft.value, {
      radius: typed ? r : null,
      unit: unit.value,
    });
    setProblem(fieldKey, problem);
    if (problem) return false;
    batch(() => {
      tags[fieldKey]!.value = [...tags[fieldKey]!.value, ...added];
      draft.value = '';
    });
    return true;
  }

  const setDraft = (fieldKey: string, value: string) => {
    drafts[fieldKey]!.value = value;
    if (fieldProblems.value[fieldKey]) setProblem(fieldKey, null);
  };
  const removeTag = (fieldKey: string, index: number) => {
    tags[fieldKey]!.value = tags[fieldKey]!.value.filter((_, i) => i !== index);
  };
  const toggleTag = (fieldKey: string, index: number, flag: 'exact' | 'exclude') => {
    tags[fieldKey]!.value = tags[fieldKey]!.value.map((tag, i) =>
      i === index ? { ...tag, [flag]: !tag[flag] } : tag,
    );
  };

  /** Puts criteria into the Filters form (replacing what it held). */
  function loadCriteria(source: Readonly<Record<string, unknown>> | undefined) {
    const form = criteriaToForm(source);
    batch(() => {
      for (const f of FILTER_FIELDS) {
        tags[f.key]!.value = form.tags[f.key] ?? [];
        drafts[f.key]!.value = '';
      }
      extra.value = form.extra;
      fieldProblems.value = {};
    });
  }

  /** "Edit as filters": what the service understood (titles searched included) as an editable filter search. */
  function editAsFilters() {
    const s = session.value.value;
    if (!s) return;
    batch(() => {
      loadCriteria(s.frozen?.search_criteria ?? s.first.search_criteria);
      includeSimilar.value = false;
      mode.value = 'filters';
      editing.value = true;
    });
  }

  /**
   * The form shows in full when there is no search yet, when a search got no first page, or when the user asked to
   * edit; otherwise a summary of what ran stands in for it, so the results come first in a narrow panel.
   */
  const editing = signal(false);
  const formOpen = computed(() => {
    const s = session.value.value;
    return editing.value || !s || (s.pages.length === 0 && s.status !== 'running');
  });
  const editSearch = () => {
    editing.value = true;
  };

  /** A new search (from here, the popup or a context menu) is reflected in the form, so the form says what ran. */
  let formFor: string | null = null;
  const stopFollowingSearch = session.value.subscribe((s) => {
    if (!s || s.id === formFor) return;
    formFor = s.id;
    batch(() => {
      editing.value = false;
      pageSize.value = s.pageSize;
      if (s.first.jd_search !== undefined) {
        jd.value = s.first.jd_search;
        mode.value = 'jd';
      } else if (s.first.free_text_search !== undefined) {
        freeText.value = s.first.free_text_search;
        mode.value = 'free_text';
      } else {
        loadCriteria(s.first.search_criteria);
        includeSimilar.value = s.first.include_similar_titles ?? false;
        mode.value = 'filters';
      }
    });
  });

  // -- search actions ---------------------------------------------------------------------------------------------
  /** Shows an error from a call unless the stored search already shows it. */
  function report(error: ApiErrorJSON) {
    const s = session.value.peek();
    if (s?.status === 'failed' && s.error?.message === error.message) return;
    actionError.value = error;
  }

  async function search() {
    actionError.value = null;
    notice.value = null;
    saveError.value = null;
    if (mode.value === 'filters') {
      const ok = FILTER_FIELDS.map((f) => commitDraft(f.key)).every(Boolean);
      if (!ok) return;
    }
    if (disabledReason.value) return;
    busy.value = true;
    const result = await call('startSearch', { mode: mode.value, request: request.value });
    busy.value = false;
    if (!result.ok) report(result.error);
  }

  async function goTo(start: number | null) {
    if (start === null) return;
    actionError.value = null;
    busy.value = true;
    const result = await call('goToPage', { start });
    busy.value = false;
    if (!result.ok) report(result.error);
  }

  /** Back to the results a failed new search replaced (free: they are stored). */
  async function backToEarlier() {
    actionError.value = null;
    const result = await call('backToEarlierSearch');
    if (!result.ok) report(result.error);
  }

  // -- reveal from a row ------------------------------------------------------------------------------------------
  /** Reveals a row's missing items; `again` after a cut-off reveal whose charge the user has seen. */
  async function revealRow(profile: StoredProfile, again = false) {
    const items = itemsToAsk(recordFor(profile), selection.value);
    if (items.length === 0 || isRevealing(profile)) return;
    const errors = { ...revealErrors.value };
    delete errors[profile.id];
    revealErrors.value = errors;
    revealing.value = new Set([...revealing.value, profile.id]);
    const result = await call('reveal', {
      target: rowTarget(profile),
      selection: selection.value,
      ...(again ? { retryInterrupted: true } : {}),
      hints: {
        name: profile.name.slice(0, 300),
        currentTitle: profile.current_title.slice(0, 300),
        currentEmployer: profile.current_employer.slice(0, 300),
      },
    });
    const next = new Set(revealing.value);
    next.delete(profile.id);
    revealing.value = next;
    if (result.ok) noteReveal(result.value.job);
    else revealErrors.value = { ...revealErrors.value, [profile.id]: result.error };
  }

  /** The focused contact's cut-off reveal, asked again (its charge seen) for what the vault still lacks. */
  async function revealFocusAgain(job: RevealJob) {
    const items = itemsToAsk(byKey.value.get(job.vaultKey), job.requested);
    if (items.length === 0 || revealing.value.has(job.vaultKey)) return;
    const { [job.vaultKey]: _, ...rest } = revealErrors.value;
    revealErrors.value = rest;
    revealing.value = new Set([...revealing.value, job.vaultKey]);
    const result = await call('reveal', { target: job.target, selection: items, retryInterrupted: true });
    const next = new Set(revealing.value);
    next.delete(job.vaultKey);
    revealing.value = next;
    if (!result.ok) revealErrors.value = { ...revealErrors.value, [job.vaultKey]: result.error };
  }

  // -- saved searches -----------------------------------------------------------------------------------------------
  async function saveSearch(name: string): Promise<boolean> {
    saveError.value = null;
    const result = await call('saveSearch', { name });
    if (!result.ok) {
      saveError.value = result.error;
      return false;
    }
    notice.value = `Saved as "${result.value.name}".`;
    return true;
  }
  async function renameSaved(id: string, name: string): Promise<boolean> {
    savedError.value = null;
    const result = await call('renameSavedSearch', { id, name });
    if (!result.ok) savedError.value = result.error;
    return result.ok;
  }
  async function deleteSaved(id: string) {
    savedError.value = null;
    const result = await call('deleteSavedSearch', { id });
    if (!result.ok) savedError.value = result.error;
  }
  async function runSaved(id: string) {
    actionError.value = null;
    busy.value = true;
    const result = await call('runSavedSearch', { id });
    busy.value = false;
    if (!result.ok) report(result.error);
  }

  // -- export -------------------------------------------------------------------------------------------------------
  const exportable = computed(() => heldProfiles(session.value.value));
  /** Rows whose records were asked for: each page's rows are read once, when the page arrives. */
  const rowsRead = new Set<string>();
  const stopReadingRows = exportable.subscribe((profiles) => {
    const fresh = profiles.filter((p) => !rowsRead.has(p.id));
    for (const p of fresh) rowsRead.add(p.id);
    void want(fresh.map(rowTarget));
  });
  const stopReadingFocus = activeFocus.subscribe((f) => {
    if (f?.kind === 'contact') void want([{ socialUrl: f.vaultKey, candidateId: null }]);
  });
  function exportCsv() {
    downloadText(csvFileName(), candidatesCsv(exportable.value, recordFor));
  }

  // -- focus ----------------------------------------------------------------------------------------------------------
  const backToSearch = () => void panelFocus.set({ kind: 'search', at: new Date().toISOString() });

  /** The user agreed to search the first 300 characters of an over-long selection. */
  async function searchTrimmed() {
    const f = activeFocus.value;
    if (f?.kind !== 'selection' || f.mode !== 'free_text') return;
    actionError.value = null;
    busy.value = true;
    const result = await call('searchSelection', { mode: 'free_text', text: f.text, trim: true });
    busy.value = false;
    if (result.ok) backToSearch();
    else report(result.error);
  }

  let selectionChosen = false;
  /** The user picks the items to reveal. */
  const chooseSelection = (next: Retrievable[]) => {
    selectionChosen = true;
    selection.value = next;
  };

  async function init() {
    const current = await settings.get();
    // The user's own ticks win over defaults that arrive after them.
    if (!selectionChosen) selection.value = current.defaultSelection;
    confirmAbove.value = current.confirmAboveCredits ?? DEFAULT_CONFIRM_ABOVE;
  }

  const stops = [
    ...[storedSession, storedJobs, beat, focus, balance, key, saved].map((s) => s.stop),
    () => clearInterval(ticker),
    stopFollowingSearch,
    stopReadingRows,
    stopReadingFocus,
    stopWatchingSettings,
    bulk.stop,
  ];
  function stop() {
    for (const s of stops) s();
    browser.storage.onChanged.removeListener(onStorage);
  }

  return {
    session: session.value,
    sessionLoaded: session.loaded,
    focus: activeFocus,
    focusRecord,
    focusJob,
    balance: balance.value,
    saved: saved.value,
    mode,
    tags,
    drafts,
    fieldProblems,
    radius,
    unit,
    extra,
    includeSimilar,
    freeText,
    jd,
    pageSize,
    busy,
    actionError,
    selection,
    revealErrors,
    savedError,
    saveError,
    notice,
    cost,
    disabledReason,
    nothingEntered,
    keyMissing,
    currentPage,
    nextStart,
    prevStart,
    pageCost,
    exportable,
    recordFor,
    recordForTarget,
    want,
    bulk,
    isRevealing,
    cutOffFor,
    chargeFor,
    noteReveal,
    revealing,
    commitDraft,
    setDraft,
    removeTag,
    toggleTag,
    editAsFilters,
    formOpen,
    editSearch,
    search,
    goTo,
    backToEarlier,
    revealRow,
    revealFocusAgain,
    saveSearch,
    renameSaved,
    deleteSaved,
    runSaved,
    exportCsv,
    backToSearch,
    searchTrimmed,
    init,
    chooseSelection,
    stop,
  };
}

export type SidePanelModel = ReturnType<typeof createSidePanelModel>;
