/**
 * What is held of the popup's profile: the vault's record (or word that it could not be read), what the team holds
 * when the connection is a team gateway, and the latest reveal of it as it is (a "running" one whose worker
 * stopped beating is shown cut off, and its charge is checked). Each is followed for the profile shown and
 * replaced when it changes.
 */
import { batch, computed, effect, type ReadonlySignal, signal } from '@preact/signals';
import { maxCostOfItems } from '../../api/pricing';
import { heldBackBy } from '../../domain/cut-off-guard';
import { cutOffSettled } from '../../domain/outage';
import { cutOffNow } from '../../domain/worker';
import type { RevealOutcome, TabPerson } from '../../protocol/shapes';
import { vault } from '../../store/database/vault/vault';
import { type ContactRecord, itemsToAsk } from '../../store/database/vault/vault-record';
import type { Read } from '../../store/items/item';
import { outcomeUnknown, type RevealJob, revealJobs } from '../../store/items/reveal-jobs';
import { workerBeat } from '../../store/items/worker-beat';
import { CUT_OFF } from '../../store/work-status';
import { once } from '../helpers/after-shown';
import { followCutOffCheck } from '../helpers/cut-off-check';
import { heldByItem, type TeamHeldItems } from '../helpers/team-held';
import { stored } from '../helpers/use-stored';
import { ITEMS } from '../items';
import { call } from '../rpc';
import { ageInWords } from '../words/age';
import { notFoundOn } from '../words/items';

/**
 * What the vault holds for the profile, in words: right after this popup's reveal (`revealedHere`), what that
 * reveal did; otherwise how long ago it was revealed. Items not found are said once, in the contact card, not here.
 */
export function heldInWords(
  read: Read<ContactRecord>,
  latest: RevealJob | null,
  revealedHere: boolean,
): string {
  if (read.state === 'unreadable') {
    return 'The stored contact for this profile could not be read. It stays stored until a new reveal replaces it.';
  }
  const held = read.state === 'ok' ? read.value : null;
  if (!held) return 'Not revealed yet';
  if (held.unknownAt) return notFoundOn(held.unknownAt);
  if (revealedHere && latest?.status === 'done') {
    if (latest.requested.some((item) => held[item]?.found)) return 'Revealed just now';
    // What this lookup did not find is said once, in the card; the person's other items stay held.
    return ITEMS.some((item) => held[item]?.found)
      ? 'Looked up just now'
      : notFoundOn(latest.finishedAt ?? held.updatedAt);
  }
  if (!ITEMS.some((item) => held[item]?.found === true)) return notFoundOn(held.updatedAt);
  const age = ageInWords(held.updatedAt);
  return `Revealed ${age}`;
}

/** The worker's heartbeat as stored, followed from now on. */
const followBeat = () => stored(null, workerBeat.get, workerBeat.watch);

/**
 * `serviceAnswers` counts the balance checks the service has answered: a cut-off reveal whose charge could not be
 * checked (the service was out of reach) is checked again once it answers. `later` holds once the popup's first
 * screen is drawn: what the team holds is asked then (a message to the worker, which asks the gateway), not beside
 * the vault's read the first screen waits on.
 */
export function createHeldModel(
  socialUrl: ReadonlySignal<string | null>,
  serviceAnswers: ReadonlySignal<number>,
  later: ReadonlySignal<boolean> = signal(true),
) {
  /** The vault's answer for the profile: a record, none, or one that could not be read. */
  const vaultRead = signal<Read<ContactRecord>>({ state: 'missing' });
  /** The vault has answered for the current profile (until then, "not revealed" is not known yet). */
  const vaultLoaded = signal(false);
  const record = computed(() => (vaultRead.value.state === 'ok' ? vaultRead.value.value : null));
  const unreadable = computed(() => vaultRead.value.state === 'unreadable');
  /** What the team holds of the profile, as the gateway said when it was shown (empty otherwise). */
  const teamHeld = signal<TeamHeldItems>({});
  /** The profile's jobs as stored, newest first: "running" there may belong to a worker that was stopped since. */
  const storedJobs = signal<RevealJob[]>([]);
  /** The latest job as stored. */
  const storedJob = computed(() => storedJobs.value[0] ?? null);
  /** The worker's heartbeat, followed once a job of the profile is running: the only jobs it judges. */
  const beat = signal<ReturnType<typeof followBeat> | null>(null);
  /** The clock a "running" job's heartbeat is judged by; ticks only while one is shown running. */
  const now = signal(Date.now());
  /** A job as it is: a running one whose worker stopped beating is shown cut off. */
  const asItIs = (stored: RevealJob): RevealJob =>
    // Until the heartbeat's first read lands, a running job is taken at its word (for a moment, not for good).
    cutOffNow(
      stored.status,
      stored.worker,
      beat.value?.loaded.value ? beat.value.value.value : undefined,
      now.value,
    )
      ? { ...stored, status: CUT_OFF }
      : stored;
  /** The latest job as it is. */
  const job = computed(() => (storedJob.value ? asItIs(storedJob.value) : null));
  /**
   * The newest reveal cut off with its charge not settled, latest or not (a reveal of other items since does not
   * lift it: `heldBackBy`): its charge is checked, and asking again for its items is a separate choice.
   */
  const cutOff = computed(() => heldBackBy(storedJobs.value.map(asItIs))[0]?.job ?? null);
  /** The latest reveal, cut off and since settled ("not charged", "charged N"): said once, the contact revealed as any. */
  const settledCutOff = computed(() =>
    outcomeUnknown(job.value) && cutOffSettled(job.value) ? job.value : null,
  );
  /**
   * A settled cut-off reveal that was charged while what it asked for is still not held: its answer was lost. The
   * most asking again for those items costs (what the team holds is free), said with the charge; undefined otherwise.
   */
  const lostAgainCost = computed(() => {
    const settled = settledCutOff.value;
    if (!settled?.check?.charged) return undefined;
    const lacking = itemsToAsk(record.value, settled.requested).filter((item) => !teamHeld.value[item]);
    return lacking.length > 0 ? maxCostOfItems(lacking) : undefined;
  });
  const checkProblem = signal<string | null>(null);
  /** Set once this popup's own reveal answers: the status then speaks of that reveal, not of data held before. */
  const revealedHere = signal(false);
  /** When the vault's record was last changed: "revealed 3 months ago". */
  const revealedAt = computed(() => record.value?.updatedAt ?? null);
  const status = computed(() => heldInWords(vaultRead.value, job.value, revealedHere.value));

  /** While a job is shown running, re-judge its worker's heartbeat every second. */
  effect(() => {
    if (!beat.peek() && storedJobs.value.some((stored) => stored.status === 'running'))
      beat.value = followBeat();
  });
  effect(() => {
    if (storedJob.value?.status !== 'running') return;
    const timer = setInterval(() => {
      now.value = Date.now();
    }, 1000);
    return () => clearInterval(timer);
  });

  /**
   * A cut-off reveal's charge is checked when shown (once), again while "not charged so far", and again once the
   * service answers after a check it could not answer.
   */
  let checking: string | null = null;
  let heard = -1;
  effect(() => {
    const job = cutOff.value;
    const answers = serviceAnswers.value;
    if (!job) return;
    const again = checkProblem.peek() !== null && heard !== answers;
    if (!job.check && checking === job.id && !again) return;
    checking = job.id;
    heard = answers;
    return followCutOffCheck(job, (problem) => {
      checkProblem.value = problem;
    });
  });

  /** What the worker answered for a profile about to be shown (`firstHeard`), taken as its first read. */
  let given: { url: string; read: Read<ContactRecord>; jobs: RevealJob[] } | null = null;
  /** Watchers of the current profile's record and jobs, replaced when the profile changes. */
  let unwatch: Array<() => void> = [];
  /** Follows the vault record and latest job of the current profile. */
  effect(() => {
    const url = socialUrl.value;
    for (const stop of unwatch) stop();
    unwatch = [];
    vaultRead.value = { state: 'missing' };
    vaultLoaded.value = false;
    storedJobs.value = [];
    revealedHere.value = false;
    if (!url) return;
    const refresh = async () => {
      const [r, all] = await Promise.all([vault.lookup({ socialUrl: url }), revealJobs.all()]);
      if (socialUrl.peek() !== url) return;
      batch(() => {
        vaultRead.value = r;
        vaultLoaded.value = true;
        storedJobs.value = all.filter((stored) => stored.vaultKey === url);
      });
    };
    const first = given?.url === url ? given : null;
    given = null;
    if (first)
      batch(() => {
        vaultRead.value = first.read;
        vaultLoaded.value = true;
        storedJobs.value = first.jobs;
      });
    else void refresh();
    unwatch.push(
      vault.watch(url, () => void refresh()),
      revealJobs.watch(() => void refresh()),
      // The worker's answer was read before these watchers: read here too once the first screen is drawn, so a
      // change in between is not missed.
      ...(first ? [once(later, () => void refresh())] : []),
    );
  });

  /**
   * Which items the team holds of the profile shown, when the connection is a team gateway (free; the background
   * answers "none" without a request otherwise, so the popup need not know which it is).
   */
  effect(() => {
    const url = socialUrl.value;
    teamHeld.value = {};
    if (!url || !later.value) return;
    void call('teamHeld', { people: [{ socialUrl: url }] }).then((result) => {
      // Without an answer the full prices stay: never a lower price than the gateway confirmed.
      if (result.ok && socialUrl.peek() === url) teamHeld.value = heldByItem(result.value[0]);
    });
  });

  /**
   * The worker's answer for the tab's person (`tabPerson`), heard before that person is shown: their record and
   * reveal jobs are the first screen's, without a read of the database here.
   */
  function firstHeard(person: TabPerson): void {
    if (person.profile && person.held)
      given = { url: person.profile.socialUrl, read: person.held, jobs: person.jobs };
  }

  /**
   * This popup's reveal answered: its record and job are shown at once, not only once the storage changes they made
   * are heard and read again (which a loaded machine can put after the answer).
   */
  function answered(outcome: RevealOutcome, url: string): void {
    if (socialUrl.peek() !== url) return;
    batch(() => {
      if (outcome.record) vaultRead.value = { state: 'ok', value: outcome.record };
      const answeredJob = outcome.job;
      if (answeredJob) {
        storedJobs.value = [
          answeredJob,
          ...storedJobs.value.filter((stored) => stored.id !== answeredJob.id),
        ];
      }
      revealedHere.value = true;
    });
  }

  return {
    answered,
    firstHeard,
    vaultLoaded,
    record,
    unreadable,
    teamHeld,
    job,
    cutOff,
    settledCutOff,
    lostAgainCost,
    checkProblem,
    revealedHere,
    revealedAt,
    status,
  };
}

export type HeldModel = ReturnType<typeof createHeldModel>;
