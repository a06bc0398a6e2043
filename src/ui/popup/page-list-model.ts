/**
 * The popup on a LinkedIn list page (people search, Sales Navigator and Recruiter lists): its people with what the
 * vault holds of each, none ticked until the recruiter chooses, and the quote of a bulk reveal of them. The reveal itself is
 * the side panel's bulk job, started by the same message at the quoted maximum (which the background checks again
 * against the vault): it outlives the popup, and the toolbar badge shows its progress. The popup follows the job it
 * started to its end, in one line (the controls are the side panel's).
 */
import { computed, effect, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import { type BulkJob, isActive } from '../../bulk/job';
import { type BulkCandidate, mergeCandidates, planBulk } from '../../bulk/quote';
import type { PersonOnPage } from '../../protocol/shapes';
import { bulkJobs } from '../../store/database/bulk-jobs';
import { vault } from '../../store/database/vault/vault';
import { type ContactRecord, itemsToAsk } from '../../store/database/vault/vault-record';
import { DEFAULT_CONFIRM_ABOVE, settings } from '../../store/items/settings';
import { call } from '../rpc';
import { SELECT_ALL_ON_PAGE } from '../words/lists';
import type { PopupModel } from './model';

/** A person of the list, as a bulk reveal names them. */
const candidate = (person: PersonOnPage & { socialUrl: string }): BulkCandidate => ({
  target: { socialUrl: person.socialUrl, candidateId: null },
  name: person.name ?? 'LinkedIn member',
  ...(person.headline ? { title: person.headline } : {}),
});

export function createPageListModel(m: PopupModel) {
  /** The vault's record of each person with a public URL, kept current while the popup is open. */
  const records = signal<ReadonlyMap<string, ContactRecord | null>>(new Map());
  const confirmAbove = signal(DEFAULT_CONFIRM_ABOVE);
  void settings.get().then((s) => {
    confirmAbove.value = s.confirmAboveCredits ?? DEFAULT_CONFIRM_ABOVE;
  });
  const picked = signal<ReadonlyMap<string, BulkCandidate>>(new Map());
  const busy = signal(false);
  const error = signal<ApiErrorJSON | null>(null);
  /** How many contacts the job this popup started holds (the popup says it goes on without it). */
  const started = signal<number | null>(null);
  /** The job this popup started, as stored: followed to its end once started. */
  const job = signal<BulkJob | null>(null);
  /** The job started here has ended (done, cancelled or stopped). */
  const ended = computed(() => (job.value !== null && !isActive(job.value) ? job.value : null));
  const plan = computed(() =>
    planBulk(mergeCandidates([...picked.value.values()]), m.selection.value, (person) =>
      person.target.socialUrl ? (records.value.get(person.target.socialUrl) ?? null) : null,
    ),
  );
  const overLimit = computed(() => plan.value.quote.max > confirmAbove.value);
  const isPicked = (url: string) => picked.value.has(url);
  const pick = (entries: ReadonlyArray<readonly [string, BulkCandidate]>, on: boolean) => {
    const next = new Map(picked.value);
    for (const [url, person] of entries) {
      if (on) next.set(url, person);
      else next.delete(url);
    }
    picked.value = next;
    error.value = null;
  };

  const people = computed(() => (m.page.value?.list ? m.page.value.people : []));
  const recordOf = (person: PersonOnPage) =>
    person.socialUrl ? (records.value.get(person.socialUrl) ?? null) : null;
  /** A person of whom the selection asks nothing more: held (or known missing) already. */
  const settled = (person: PersonOnPage) => itemsToAsk(recordOf(person), m.selection.value).length === 0;

  /** The people read once, their records followed. */
  let watching: Array<() => void> = [];
  effect(() => {
    const list = people.value;
    for (const stop of watching) stop();
    watching = [];
    const initial = new Map<string, ContactRecord | null>();
    for (const person of list) if (person.socialUrl) initial.set(person.socialUrl, person.record);
    records.value = initial;
    for (const url of initial.keys()) {
      watching.push(
        vault.watch(url, (record) => {
          records.value = new Map(records.peek()).set(url, record);
        }),
      );
    }
  });
  /**
   * Ticks everyone on the page with something left to reveal. A list starts with no one ticked, as the side panel's
   * does and as lists do in the tools recruiters use all day: a paid bulk reveal is of the people chosen, never of
   * those not unticked. A person the service does not know was looked up already: asking again would find nothing,
   * so they are not ticked (they can be, by hand).
   */
  const selectAll = () => {
    const open = people.value.filter(
      (p): p is PersonOnPage & { socialUrl: string } =>
        p.socialUrl !== null &&
        !recordOf(p)?.unknownAt &&
        itemsToAsk(recordOf(p), m.selection.value).length > 0,
    );
    pick(
      open.map((p) => [p.socialUrl, candidate(p)] as const),
      true,
    );
  };
  /** Everyone `selectAll` would tick is ticked already (or there is no one to tick). */
  const allSelected = computed(() =>
    people.value.every(
      (p) =>
        p.socialUrl === null ||
        recordOf(p)?.unknownAt ||
        itemsToAsk(recordOf(p), m.selection.value).length === 0 ||
        picked.value.has(p.socialUrl),
    ),
  );

  /** Ticks or unticks one person. */
  const toggle = (person: PersonOnPage, on: boolean) => {
    if (!person.socialUrl) return;
    pick([[person.socialUrl, candidate(person as PersonOnPage & { socialUrl: string })]], on);
  };

  /**
   * Why "Reveal N selected" cannot be clicked, or null: nothing to reveal, then what any paid click of the popup
   * must pass (a key, a fresh balance that covers the most it can cost, the spending caps).
   */
  const blocked = computed(() => {
    const { quote } = plan.value;
    if (quote.contacts === 0) return `Tick the people to reveal, or ${SELECT_ALL_ON_PAGE.toLowerCase()}.`;
    if (m.selection.value.length === 0) return 'Choose what to reveal in Options (Default reveal options).';
    if (quote.toAsk === 0) return 'Everyone ticked is revealed already.';
    return m.spendProblem(quote.max);
  });

  /** Starts the bulk reveal of the ticked people at the quoted maximum (the click is the confirmation). */
  async function confirm() {
    const { quote } = plan.value;
    if (blocked.value || busy.value) return;
    busy.value = true;
    error.value = null;
    const result = await call('startBulkReveal', {
      candidates: [...picked.value.values()],
      selection: m.selection.value,
      stopWhenOut: false,
      confirmedMax: quote.max,
    });
    busy.value = false;
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    started.value = quote.toAsk;
    picked.value = new Map();
    bulkJobs.watchCurrent((current) => {
      job.value = current;
    });
    const now = await bulkJobs.current();
    if (job.peek() === null) job.value = now;
  }

  return {
    people,
    recordOf,
    settled,
    toggle,
    selectAll,
    allSelected,
    isPicked,
    plan,
    overLimit,
    confirmAbove,
    blocked,
    busy,
    error,
    started,
    ended,
    confirm,
  };
}

export type PageListModel = ReturnType<typeof createPageListModel>;
