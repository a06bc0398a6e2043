/**
 * The side panel's "find a person" model: the query's fields (prefilled from the menu or popup that asked, always
 * editable before anything is sent), what is wrong with them, why Find cannot be clicked, the find's own search
 * (the current search when it is the one this find started), how each found profile matches, and which person the
 * user chose. Reveals go through the panel's own row reveal, priced against the vault as everywhere else.
 */
import { computed, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../../api/errors';
import { formatCredits, SEARCH_PRICE } from '../../../api/pricing';
import type { FindIntent } from '../../../find/intent';
import { matchesOf } from '../../../find/match';
import { checkFind, type FindQuery, findProblems } from '../../../find/query';
import { NO_KEY } from '../../helpers/reveal-price';
import { call } from '../../rpc';
import { SERVICE_DOWN } from '../../words/service';
import type { FindPanel } from '../model';

export function createFindModel(first: FindIntent, panel: FindPanel) {
  /** The find as stored: the background adds what was sent when Find is clicked. */
  const intent = signal(first);
  const start = first.sent?.query ?? first.query;
  const email = signal(start.kind === 'email' ? start.email : '');
  const name = signal(start.kind === 'name' ? start.name : '');
  const domain = signal(start.kind === 'name' ? start.companyDomain : '');

  const query = computed((): FindQuery => {
    switch (start.kind) {
      case 'email':
        return { kind: 'email', email: email.value };
      case 'github':
        return start;
      case 'name':
        return { kind: 'name', name: name.value, companyDomain: domain.value };
    }
  });
  const problems = computed(() => findProblems(query.value));

  /** The current search, when it is the one this find started (its id was stored before it ran). */
  const own = computed(() => {
    const s = panel.session.value;
    const sentId = intent.value.sent?.searchId;
    return s && sentId && s.id === sentId ? s : null;
  });
  /** What was sent, checked again (it passed when it was sent): the rule of how profiles match depends on it. */
  const sent = computed(() => {
    const sentQuery = intent.value.sent?.query;
    if (!own.value || !sentQuery) return null;
    const checked = checkFind(sentQuery);
    return checked.ok ? checked.value : null;
  });
  const page = computed(() => own.value?.pages.find((p) => p.start === 1) ?? null);
  const matches = computed(() =>
    sent.value && page.value ? matchesOf(sent.value, page.value.profiles, page.value.total) : [],
  );

  const busy = signal(false);
  const error = signal<ApiErrorJSON | null>(null);
  /** The form shows until this find has results, and again when the user asks to change the search. */
  const editing = signal(false);
  const formOpen = computed(() => editing.value || !own.value || own.value.status === 'failed');

  /** The person the user chose (a result row's id); the only profile of an exact match is chosen already. */
  const picked = signal<string | null>(null);
  const chosen = computed(() => {
    const profiles = page.value?.profiles ?? [];
    const only = profiles.length === 1 && matches.value[0]?.strength === 'exact' ? profiles[0]!.id : null;
    return picked.value ?? only;
  });

  /** Why Find cannot be clicked, or null when it can. */
  const disabledReason = computed(() => {
    if (busy.value || panel.session.value?.status === 'running') return 'A search is running.';
    if (panel.account.keyMissing.value) return NO_KEY;
    if (panel.account.unreachable.value) return SERVICE_DOWN;
    const problem = Object.values(problems.value)[0];
    if (problem) return problem;
    const remaining = panel.account.balance.value?.remaining;
    if (remaining !== undefined && remaining < SEARCH_PRICE) {
      return `Your balance (${formatCredits(remaining)}) is below this search's cost (${formatCredits(SEARCH_PRICE)}).`;
    }
    return null;
  });

  async function find() {
    if (disabledReason.value) return;
    error.value = null;
    busy.value = true;
    const result = await call('findPerson', { query: query.value });
    busy.value = false;
    if (result.ok) {
      editing.value = false;
      picked.value = null;
    } else {
      error.value = result.error;
    }
  }

  return {
    intent,
    kind: start.kind,
    github: start.kind === 'github' ? start.url : null,
    email,
    name,
    domain,
    problems,
    own,
    page,
    matches,
    busy,
    error,
    editing,
    formOpen,
    picked,
    chosen,
    disabledReason,
    find,
  };
}

export type FindModel = ReturnType<typeof createFindModel>;
