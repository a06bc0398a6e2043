/**
 * The side panel's bulk reveal: which rows are selected, the quote for them (held contacts free, the most the rest
 * can cost, against the known balance and the user's confirmation limit), the stored job's progress and receipt,
 * and the controls. Rows come from any list (search results now, a LinkedIn page's people next); each is keyed by
 * the list's own row key.
 */
import { computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../../api/errors';
import { ITEM_PRICE, maxCostOfItems } from '../../../api/pricing';
import type { Retrievable } from '../../../api/schema-parts';
import {
  type BulkItem,
  type BulkJob,
  type BulkTarget,
  bulkProgress,
  isActive,
  SETTLED,
} from '../../../bulk/job';
import { type BulkCandidate, mergeCandidates, planBulk } from '../../../bulk/quote';
import { cutOffNow } from '../../../domain/worker';
import { bulkJobs } from '../../../store/database/bulk-jobs';
import type { ContactRecord } from '../../../store/database/vault/vault-record';
import type { AccountSnapshot } from '../../../store/items/account';
import { workerBeat } from '../../../store/items/worker-beat';
import { teamHeldFor } from '../../helpers/team-held-rows';
import { stored } from '../../helpers/use-stored';
import { call } from '../../rpc';
import { ALL_HELD_BACK } from '../../words/bulk-held-back';
import { SERVICE_DOWN } from '../../words/service';
import { panelService } from '../service';

/**
 * The contacts of an ended job whose answers never came, and the most asking again for them can cost: what each
 * asked for then (the background asks only what the vault lacks now, and refuses a dearer quote than this).
 */
export function lostContacts(job: BulkJob): { items: BulkItem[]; most: number } {
  const items = job.items.filter((item) => item.state === 'may-have-charged');
  const most = items.reduce((sum, item) => sum + maxCostOfItems(item.asked ?? job.selection), 0);
  return { items, most };
}

/** How often a panel may wake a worker for a job whose worker stopped beating. */
const WAKE_EVERY_MS = 5_000;

/** The confirmation limit when the user has not set one (kept with the settings it defaults). */
export { DEFAULT_CONFIRM_ABOVE } from '../../../store/items/settings';

export interface BulkModelDeps {
  recordFor: (target: BulkTarget) => ContactRecord | null;
  selection: ReadonlySignal<Retrievable[]>;
  balance: ReadonlySignal<AccountSnapshot | null>;
  confirmAbove: ReadonlySignal<number>;
  /** A single reveal of the contact got no answer, not settled, and asked any of `ask`: left out of the quote. */
  heldBackFor?: (target: BulkTarget, ask: readonly Retrievable[]) => boolean;
}

export function createBulkModel(deps: BulkModelDeps) {
  const job = stored<BulkJob | null>(null, bulkJobs.current, bulkJobs.watchCurrent);
  const history = stored<BulkJob[]>([], bulkJobs.history, bulkJobs.watchHistory);
  const picked: Signal<ReadonlyMap<string, BulkCandidate>> = signal(new Map());
  const stopWhenOut = signal(false);
  const busy = signal(false);
  const error = signal<ApiErrorJSON | null>(null);
  /** Why asking again for an ended job's lost answers was refused (said by its receipt). */
  const lostError = signal<ApiErrorJSON | null>(null);
  /** The user asked to pause; the job says "paused" once the lookups in flight have answered. */
  const pausing = signal(false);

  // -- selection ----------------------------------------------------------------------------------------------
  const isPicked = (key: string) => picked.value.has(key);
  function pick(entries: ReadonlyArray<readonly [string, BulkCandidate]>, on: boolean) {
    const next = new Map(picked.value);
    for (const [key, candidate] of entries) {
      if (on) next.set(key, candidate);
      else next.delete(key);
    }
    picked.value = next;
    error.value = null;
  }
  const clear = () => {
    picked.value = new Map();
  };

  // -- quote --------------------------------------------------------------------------------------------------------
  const plan = computed(() =>
    planBulk(
      mergeCandidates([...picked.value.values()]),
      deps.selection.value,
      (person) => deps.recordFor(person.target),
      (person) => teamHeldFor(person.target),
      // On a do-not-contact list (either): left out of the quote and skipped, as the background plans it again.
      (person) => teamHeldFor(person.target).doNotContact ?? null,
      // Its single reveal got no answer, not settled: left out, as the background plans it again.
      (person, ask) => deps.heldBackFor?.(person.target, ask) ?? false,
    ),
  );
  const overBalance = computed(() => {
    const remaining = deps.balance.value?.remaining;
    return remaining !== undefined && plan.value.quote.max > remaining;
  });
  const overLimit = computed(() => plan.value.quote.max > deps.confirmAbove.value);
  const active = computed(() => isActive(job.value.value));

  /** Why the confirmation button cannot be clicked, or null. */
  const blocked = computed((): string | null => {
    const { quote } = plan.value;
    if (active.value) return 'A bulk reveal is under way. Let it finish, or cancel it, to start another.';
    if (panelService.unreachable.value) return SERVICE_DOWN;
    if (quote.contacts === 0) return 'Select contacts to reveal.';
    if (deps.selection.value.length === 0) return 'Choose what to reveal (email, phone…).';
    if (quote.toAsk === 0) {
      if (plan.value.heldBack > 0) return ALL_HELD_BACK;
      if (quote.held === 0) return 'Nothing to reveal: everyone selected is on a do-not-contact list.';
      return quote.held === quote.contacts
        ? 'Everything chosen is already revealed for these contacts: nothing to pay.'
        : 'Nothing to reveal: everyone selected is revealed already or on a do-not-contact list.';
    }
    if (overBalance.value && !stopWhenOut.value) {
      return 'Choose "Stop when the balance runs out", or select fewer contacts or items.';
    }
    return null;
  });

  /** How many bulk reveals this panel started: the view brings the progress, then the receipt, into sight. */
  const startedHere = signal(0);

  async function confirm() {
    if (blocked.value || busy.value) return;
    busy.value = true;
    error.value = null;
    const { quote } = plan.value;
    const result = await call('startBulkReveal', {
      candidates: [...picked.value.values()],
      selection: deps.selection.value,
      stopWhenOut: stopWhenOut.value,
      confirmedMax: quote.max,
    });
    busy.value = false;
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    clear();
    stopWhenOut.value = false;
    startedHere.value++;
  }

  /** Asking again may cost more than the known balance: it runs only with "stop when the balance runs out". */
  const askAgainOverBalance = computed(() => {
    const ended = job.value.value;
    const remaining = deps.balance.value?.remaining;
    return ended !== null && remaining !== undefined && lostContacts(ended).most > remaining;
  });
  /** The user's choice for asking again, as for the first run: stop starting lookups when the balance runs out. */
  const askAgainStopWhenOut = signal(false);

  /**
   * The user's click on "Ask again for the N": a new bulk reveal of the ended job's contacts whose answers never
   * came, for the items it chose, at most the price the button names (above the balance, only with "stop when the
   * balance runs out" chosen, as the first run).
   */
  async function askAgainLost() {
    const ended = job.value.value;
    if (!ended || isActive(ended) || busy.value) return;
    const { items, most } = lostContacts(ended);
    if (items.length === 0) return;
    const stopWhenOut = askAgainStopWhenOut.value;
    if (askAgainOverBalance.value && !stopWhenOut) return;
    busy.value = true;
    lostError.value = null;
    const result = await call('startBulkReveal', {
      candidates: items.map((item) => ({
        target: item.target,
        name: item.name,
        ...(item.title !== undefined ? { title: item.title } : {}),
        ...(item.employer !== undefined ? { employer: item.employer } : {}),
        ...(item.location !== undefined ? { location: item.location } : {}),
      })),
      selection: ended.selection,
      stopWhenOut,
      confirmedMax: most,
    });
    busy.value = false;
    if (!result.ok) {
      lostError.value = result.error;
      return;
    }
    askAgainStopWhenOut.value = false;
    startedHere.value++;
  }

  async function control(action: 'pause' | 'resume' | 'cancel' | 'dismiss' | 'recheck') {
    error.value = null;
    if (action === 'pause') pausing.value = true;
    const result = await call('controlBulk', { action });
    if (!result.ok) {
      pausing.value = false;
      error.value = result.error;
    }
  }

  // -- progress -------------------------------------------------------------------------------------------------------
  const progress = computed(() => {
    const j = job.value.value;
    return j ? bulkProgress(j, ITEM_PRICE) : null;
  });

  /** Contacts of the job by each identifier, so a row finds its state whichever identifier it has. */
  const itemIndex = computed(() => {
    const index = new Map<string, BulkItem>();
    for (const item of job.value.value?.items ?? []) {
      if (item.target.socialUrl) index.set(`url:${item.target.socialUrl}`, item);
      if (item.target.candidateId) index.set(`id:${item.target.candidateId}`, item);
    }
    return index;
  });
  const itemFor = (target: BulkTarget): BulkItem | null =>
    (target.socialUrl ? itemIndex.value.get(`url:${target.socialUrl}`) : undefined) ??
    (target.candidateId ? itemIndex.value.get(`id:${target.candidateId}`) : undefined) ??
    null;

  /**
   * Time left, from the pace seen since this panel started watching the run (a reopened panel measures afresh):
   * null until two contacts have settled under observation.
   */
  const now = signal(Date.now());
  let sample: { jobId: string; at: number; settled: number } | null = null;
  const timeLeftMs = computed((): number | null => {
    const j = job.value.value;
    const p = progress.value;
    if (!j || !p || j.status !== 'running') return null;
    if (!sample || sample.jobId !== j.id) return null;
    const done = p.settled - sample.settled;
    const elapsed = now.value - sample.at;
    if (done < 2 || elapsed <= 0) return null;
    return Math.max(0, Math.round(((p.total - p.settled) * elapsed) / done));
  });
  const stopSampling = job.value.subscribe((j) => {
    if (j?.status !== 'running') {
      sample = null;
      pausing.value = false;
      return;
    }
    if (sample?.jobId !== j.id) {
      sample = { jobId: j.id, at: Date.now(), settled: j.items.filter((i) => SETTLED.has(i.state)).length };
    }
  });
  /**
   * A job that says it runs may have lost its service worker (the browser stops idle ones): one that stopped
   * beating is woken, and the new worker resumes it (at most every few seconds).
   */
  const beat = stored(null, workerBeat.get, workerBeat.watch);
  let wokenAt = 0;
  const wakeIfCutOff = () => {
    const j = job.value.peek();
    if (!j || !isActive(j) || !job.loaded.peek()) return;
    const cutOff = cutOffNow(j.status, j.owner, beat.value.peek(), Date.now());
    if (!cutOff || Date.now() - wokenAt < WAKE_EVERY_MS) return;
    wokenAt = Date.now();
    void call('controlBulk', { action: 'wake' });
  };
  const ticker = setInterval(() => {
    if (job.value.peek()?.status === 'running') now.value = Date.now();
    if (beat.loaded.peek()) wakeIfCutOff();
  }, 1000);
  const stopWaking = job.loaded.subscribe((loaded) => {
    // On opening, a paused job is woken too: after a browser restart its new worker must take it over.
    if (loaded && isActive(job.value.peek())) {
      wokenAt = Date.now();
      void call('controlBulk', { action: 'wake' });
    }
  });

  function stop() {
    job.stop();
    history.stop();
    beat.stop();
    stopSampling();
    stopWaking();
    clearInterval(ticker);
  }

  return {
    job: job.value,
    history: history.value,
    picked,
    isPicked,
    pick,
    clear,
    plan,
    overBalance,
    overLimit,
    confirmAbove: deps.confirmAbove,
    blocked,
    stopWhenOut,
    busy,
    error,
    pausing,
    active,
    confirm,
    startedHere,
    control,
    askAgainLost,
    askAgainOverBalance,
    askAgainStopWhenOut,
    lostError,
    progress,
    itemFor,
    now,
    timeLeftMs,
    stop,
  };
}

export type BulkModel = ReturnType<typeof createBulkModel>;
