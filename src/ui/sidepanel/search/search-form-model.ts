/**
 * The search form: three modes (filters as tags, free text, a job description), what is wrong with what was typed
 * (said before anything is sent), the request and its cost, why Search cannot be clicked, and Search itself. A new
 * search (from here, the popup or a context menu) is reflected in the form, so the form says what ran.
 */
import { batch, computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import { formatCredits, searchCost } from '../../../api/pricing';
import type { SearchRequest } from '../../../api/schema';
import type { DistanceUnit } from '../../../search/criteria';
import type { SearchMode, SearchSession } from '../../../store/database/search';
import { NO_KEY } from '../../helpers/reveal-price';
import { call } from '../../rpc';
import { PANEL_WORDS } from '../../words/panel';
import { SERVICE_DOWN } from '../../words/service';
import type { AccountModel } from '../account-model';
import type { Activity } from '../activity';
import { buildCriteria, criteriaToForm, entriesToTags, FILTER_FIELDS, type Tag } from './filter-fields';
import { freeTextProblem, jdProblem } from './text-limits';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface SearchFormDeps {
  session: ReadonlySignal<SearchSession | null>;
  running: ReadonlySignal<boolean>;
  account: Pick<AccountModel, 'balance' | 'keyMissing' | 'unreachable'>;
  activity: Activity;
}

export function createSearchFormModel({ session, running, account, activity }: SearchFormDeps) {
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
        return Object.keys(criteria.value).length === 0 && !hasDrafts.value ? PANEL_WORDS.addAFilter : null;
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
  const cost = computed(() => searchCost(request.value));

  /** Why Search cannot be clicked, or null when it can. */
  const disabledReason = computed(() => {
    if (activity.busy.value || running.value) return 'A search is running.';
    if (account.keyMissing.value) return NO_KEY;
    if (account.unreachable.value) return SERVICE_DOWN;
    const problem = inputProblem.value;
    if (problem) return problem;
    const remaining = account.balance.value?.remaining;
    if (remaining !== undefined && remaining < cost.value) {
      return `Your balance (${formatCredits(remaining)}) is below this search's cost (${formatCredits(cost.value)}).`;
    }
    return null;
  });

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

  /**
   * The form shows in full when there is no search yet, when a search got no first page, or when the user asked to
   * edit; otherwise a summary of what ran stands in for it, so the results come first in a narrow panel.
   */
  const editing = signal(false);
  const formOpen = computed(() => {
    const s = session.value;
    return editing.value || !s || (s.pages.length === 0 && s.status !== 'running');
  });
  const editSearch = () => {
    editing.value = true;
  };

  /** "Edit as filters": what the service understood (titles searched included) as an editable filter search. */
  function editAsFilters() {
    const s = session.value;
    if (!s) return;
    batch(() => {
      loadCriteria(s.frozen?.search_criteria ?? s.first.search_criteria);
      includeSimilar.value = false;
      mode.value = 'filters';
      editing.value = true;
    });
  }

  let formFor: string | null = null;
  const stopFollowing = session.subscribe((s) => {
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

  async function search() {
    activity.notice.value = null;
    if (mode.value === 'filters' && !FILTER_FIELDS.map((f) => commitDraft(f.key)).every(Boolean)) return;
    if (disabledReason.value) return;
    await activity.run(() => call('startSearch', { mode: mode.value, request: request.value }));
  }

  return {
    session,
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
    cost,
    disabledReason,
    nothingEntered,
    keyMissing: account.keyMissing,
    busy: activity.busy,
    formOpen,
    commitDraft,
    setDraft,
    removeTag,
    toggleTag,
    editSearch,
    editAsFilters,
    search,
    stop: stopFollowing,
  };
}

export type SearchFormModel = ReturnType<typeof createSearchFormModel>;
