/**
 * Bulk reveal: many contacts, up to 15 lookups at a time (the spec's recommendation), as one stored job.
 *
 * - Quoted from the vault before the first request, and refused when the quote the user confirmed is out of date.
 * - Written to storage before its first request; a contact's lookup is recorded as sent (durably) before the
 *   request goes out, and the job's progress is written twice a second.
 * - Each lookup asks only for what the vault lacks at that moment, under the same per-contact turn as a single
 *   reveal (so the same person is never paid for twice, whichever asks first). Fifteen more contacts get ready so
 *   while the fifteen lookups are out, so a connection an answer frees is used at once.
 * - A 429 holds back every start for the time the service asked; 500s are the client's safe retries; a timeout or
 *   a dropped connection is "may have charged" and never retried; out of credits (said by the service, or by the
 *   balance the latest answer reported) stops new starts at once.
 * - Pause, resume, cancel; a restarted service worker asks again what the old one wrote ahead and never handed to
 *   the network, settles the rest of what it had in flight as "may have charged", and resumes the queue.
 */
import type { ApiClient } from '../../api/client';
import { LIMITS, type Retrievable } from '../../api/schema-parts';
import { BULK_MAX_CONTACTS, type BulkItem, type BulkJob, isActive, SETTLED } from '../../bulk/job';
import { type BulkCandidate, mergeCandidates } from '../../bulk/quote';
import { formatNumber } from '../../format/numbers';
import { refuse, refuseNow } from '../../protocol/result';
import { profileUrl } from '../../sites/linkedin/url';
import { bulkJobs } from '../../store/database/bulk-jobs-write';
import { chargesOf } from '../../store/database/ledger/ledger';
import { dropNeverLeftOf } from '../../store/database/ledger/ledger-write';
import { findContacts } from '../../store/database/vault/vault';
import { account } from '../../store/items/account';
import { serialized } from '../../store/lock';
import { connectedClient, refreshAccount } from '../connection';
import { isCutOff, WORKER_ID, whileBeating } from '../heartbeat';
import { settingsNow } from '../paid-call-gate';
import { membershipNow } from '../team/team';
import { showBulkBadge } from './bulk-badge';
import { answerKept, lookupOne, type RunShared } from './bulk-contact';
import { planStart } from './bulk-plan';
import { checkReceiptsAgain, checkWhenSettled, recheck, spendOf } from './bulk-receipt';
import { createRunStore } from './bulk-run-store';
import { createPool, type Pool, type RunEnding, type TaskOutcome } from './pool';

/** A 429 without Retry-After: wait this long, doubling while the service keeps refusing. */
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 60_000;

export interface StartBulkInput {
  candidates: BulkCandidate[];
  selection: Retrievable[];
  /** The user chose "stop when the balance runs out" (the maximum is above the known balance). */
  stopWhenOut: boolean;
  /** The maximum the user confirmed: a dearer quote now (the vault changed) is refused, not started. */
  confirmedMax: number;
}

/**
 * The job this worker is running (in memory), with its pool once the run has its client; a pause or cancel asked
 * for before that is kept in `halt` and applied as soon as the pool exists.
 */
let active: {
  job: BulkJob;
  pool: Pool | null;
  halt: 'pause' | 'cancel' | null;
  save: () => Promise<void>;
} | null = null;

/**
 * A pause or cancel asked for a running job before this worker's run of it began: the click that woke a stopped
 * worker arrives while its start is still taking the job up. The run takes it as it begins, so the job sends nothing.
 */
let pendingHalt: { id: string; how: 'pause' | 'cancel' } | null = null;

/** Pauses or cancels the run under way, now or as soon as its pool starts. */
function halt(run: NonNullable<typeof active>, how: 'pause' | 'cancel'): void {
  run.halt ??= how;
  if (run.pool) how === 'pause' ? run.pool.pause() : run.pool.cancel();
}

/**
 * Halts a running job this worker has not taken up yet. No run of it is under way here, so the run that takes it up
 * (this worker's start, or the wake below) begins after this and takes the halt as it begins.
 */
async function haltWhenTakenUp(job: BulkJob, how: 'pause' | 'cancel'): Promise<BulkJob> {
  pendingHalt = { id: job.id, how };
  await resumeBulkJob();
  return job;
}

/**
 * Starts a bulk reveal after the user's confirmation. Resolves with the stored job once it is written. Starts are
 * taken one at a time, so two confirmations (two panels, a double click) cannot both pass the "one job" check.
 */
export function startBulkReveal(input: StartBulkInput): Promise<BulkJob> {
  // Stryker disable next-line StringLiteral: the lock's name only has to be its own, and no other lock is named ''
  return serialized('bulk-start', () => start(input));
}

async function start(input: StartBulkInput): Promise<BulkJob> {
  if (input.selection.length === 0) throw refuse('Choose at least one item to reveal.');
  if (input.candidates.length === 0) throw refuse('Select at least one contact to reveal.');
  if (input.candidates.length > BULK_MAX_CONTACTS) {
    throw refuse(
      `One bulk reveal takes up to ${formatNumber(BULK_MAX_CONTACTS)} contacts; ${formatNumber(input.candidates.length)} are selected. Select fewer and reveal the rest next.`,
    );
  }
  if (isActive(await bulkJobs.current())) {
    throw refuseNow(
      'A bulk reveal is already under way. Let it finish, or cancel it, before starting another.',
    );
  }
  // No key: refused before anything is written. The run uses this client (it waits out a 429 itself).
  const client = await connectedClient({ rateLimited: false });

  const people = mergeCandidates(input.candidates.map(canonical));
  const { items, quote } = await planStart(people, input.selection);
  if (quote.max > input.confirmedMax) {
    throw refuse(
      `The cost has changed since the quote: up to ${quote.max} credits now, not ${input.confirmedMax}. Review the selection and confirm again.`,
    );
  }
  const balance = (await account.get())?.remaining ?? null;
  if (balance !== null && quote.max > balance && !input.stopWhenOut) {
    throw refuse(
      `This may cost up to ${quote.max} credits and the balance is ${balance}. Choose "stop when the balance runs out", or select fewer contacts or items.`,
    );
  }
  const now = new Date().toISOString();
  const job: BulkJob = {
    id: crypto.randomUUID(),
    selection: input.selection,
    quote,
    stopWhenOut: input.stopWhenOut,
    status: 'running',
    owner: WORKER_ID,
    createdAt: now,
    balanceBefore: balance,
    items,
  };
  await bulkJobs.setCurrent(job);
  runInBackground(job, client);
  return job;
}

/** The canonical form of a row's identifiers (the page's word is checked, not trusted). */
function canonical(candidate: BulkCandidate): BulkCandidate {
  const rawUrl = candidate.target.socialUrl?.trim();
  const socialUrl = rawUrl ? profileUrl(rawUrl) : null;
  if (rawUrl && !socialUrl) throw refuse(`"${rawUrl}" is not a LinkedIn profile URL.`);
  const candidateId = candidate.target.candidateId?.trim() || null;
  if (!socialUrl && !candidateId) throw refuse(`${candidate.name} has neither a profile URL nor an id.`);
  return { ...candidate, target: { socialUrl, candidateId } };
}

/**
 * Pause, resume, cancel, dismiss the receipt, check the balance again after the job (free: a lookup that was cut
 * off may be charged after the job ended), or wake (a page saw a job that may have been cut off).
 */
export type BulkAction = 'pause' | 'resume' | 'cancel' | 'dismiss' | 'recheck' | 'wake';

export async function controlBulk(action: BulkAction): Promise<BulkJob | null> {
  if (action === 'wake') {
    await resumeBulkJob();
    return bulkJobs.current();
  }
  const job = active?.job ?? (await bulkJobs.current());
  if (!job) throw refuseNow('There is no bulk reveal to change.');
  switch (action) {
    case 'pause':
      if (job.status !== 'running') throw refuseNow('The bulk reveal is not running.');
      if (!active) return haltWhenTakenUp(job, 'pause');
      halt(active, 'pause');
      return job;
    case 'cancel':
      if (!isActive(job)) throw refuseNow('The bulk reveal has already ended.');
      if (active) halt(active, 'cancel');
      else if (job.status === 'running') return haltWhenTakenUp(job, 'cancel');
      else await finish(job, { kind: 'cancelled' });
      return job;
    case 'resume': {
      if (job.status !== 'paused') throw refuseNow('The bulk reveal is not paused.');
      pendingHalt = null;
      const resumed: BulkJob = { ...job, status: 'running', owner: WORKER_ID };
      await bulkJobs.setCurrent(resumed);
      runInBackground(resumed);
      return resumed;
    }
    case 'recheck': {
      if (isActive(job))
        throw refuseNow('The bulk reveal is still under way: its balance is checked when it ends.');
      return recheck(job.id);
    }
    case 'dismiss':
      if (isActive(job)) throw refuseNow('The bulk reveal is still under way: pause or cancel it first.');
      await bulkJobs.setCurrent(null);
      await showBulkBadge(null);
      return null;
  }
}

/**
 * At service worker start (or when a page saw its worker stop beating): a job whose worker is gone
 * ({@link isCutOff}) was cut off. What it had in flight may have been charged (never re-sent); a running job
 * resumes its queue, a paused one stays paused. A job this worker runs is left alone.
 */
export function resumeBulkJob(): Promise<void> {
  // One at a time: the start's, a page's wake and a pause's may come together, and two would run the job twice.
  resuming ??= resumeCutOff().finally(() => {
    resuming = null;
  });
  return resuming;
}

let resuming: Promise<void> | null = null;

async function resumeCutOff(): Promise<void> {
  // Every ended job whose lookups were not all known gets its balance check again (a timer dies with its worker).
  await checkReceiptsAgain();
  const job = await bulkJobs.current();
  if (!job || !isActive(job) || !isCutOff(job.owner)) return;
  // What may have gone out is what the ledger holds for this job: each lookup's entry is written before its request,
  // and its hand-over to the network is recorded before `fetch`. An entry never handed over provably never left: it
  // is taken off and its contact asked again. Every other entry counts, not only the open ones: a balance read since
  // the stop (a page asking for the account as the browser starts) may already have settled the cut-off calls
  // (taking off those that never left), and they still went out.
  const charges = await chargesOf(job.id, job.createdAt);
  await dropNeverLeftOf(charges);
  const sentAt = new Map<string, string>();
  for (const call of charges) {
    // Stryker disable next-line ConditionalExpression: a call with no contact matches no contact of the job, kept or not
    if (call.subject === undefined) continue;
    // Stryker disable next-line ConditionalExpression: only an open call can lack a hand-over (one never handed over is taken off before a balance settles it, and an answer comes only to one handed over)
    if (call.state === 'uncertain' && call.handedAt === null) continue;
    // A contact's first call, in the order written: the one its answer may have come from.
    sentAt.set(call.subject, sentAt.get(call.subject) ?? call.at);
  }
  // An answer is kept in the vault before its ledger entry is settled: a worker stopped between the two leaves the
  // call open with its answer held. Such a contact is not "no answer": its outcome is read from the vault (what it
  // charged stays for the balance to settle, as for any open call).
  // Stryker disable next-line MethodExpression,ConditionalExpression,LogicalOperator: more records read, but only those of contacts in flight are used below
  const sent = job.items.filter((item) => sentAt.has(item.key) && !SETTLED.has(item.state));
  const records = await findContacts(sent.map((item) => item.target));
  const kept = new Map(
    sent.map((item, i) => [item.key, answerKept(item, records[i] ?? null, sentAt.get(item.key)!)]),
  );
  const settled: BulkJob = {
    ...job,
    owner: WORKER_ID,
    items: job.items.map((item) => {
      if (item.state !== 'running' && item.state !== 'queued') return item;
      if (sentAt.has(item.key)) {
        return (
          kept.get(item.key) ?? {
            ...item,
            state: 'may-have-charged',
            problem:
              'The extension stopped while this lookup was under way, so it may have been charged. It was not sent again.',
          }
        );
      }
      // Not on the ledger as handed to the network: it never left (or its answer was kept and settled). Looked up
      // again against the vault, it asks only for what the vault still lacks.
      // Stryker disable next-line ConditionalExpression: a queued contact has no `asked` to drop, so it comes out as it went in
      if (item.state === 'running') {
        const { asked: _asked, ...queued } = item;
        return { ...queued, state: 'queued' };
      }
      return item;
    }),
  };
  await bulkJobs.setCurrent(settled);
  if (settled.status === 'running') runInBackground(settled);
  else await showBulkBadge(settled);
}

let run: Promise<void> | null = null;

function runInBackground(job: BulkJob, client?: ApiClient): void {
  // The heartbeat tells readers the job's worker is alive, and its storage writes keep Chrome from stopping an
  // idle-looking worker during a long wait after a 429.
  // Stryker disable next-line ArrowFunction: swallowed either way; only the developer's log differs
  const current = whileBeating(() => runJob(job, client)).catch((error) =>
    // Stryker disable next-line StringLiteral: a developer's log line, never shown to the user
    console.warn('The bulk reveal stopped on an unexpected error', error),
  );
  run = current;
  // Stryker disable next-line BlockStatement: only the tests wait on bulkRunEnded, and a run that ended resolves as no run does
  void current.finally(() => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: only the tests wait on bulkRunEnded, and a run that ended resolves as no run does
    if (run === current) run = null;
  });
}

/** Resolves when the run under way (if any) has ended: drained, paused, stopped or cancelled. */
export function bulkRunEnded(): Promise<void> {
  return run ?? Promise.resolve();
}

/** Runs the job with `given` (the start's client), or a client for the saved connection (resume, restart). */
async function runJob(initial: BulkJob, given?: ApiClient): Promise<void> {
  const job: BulkJob = structuredClone(initial);
  const store = createRunStore(job);
  const run = { job, pool: null as Pool | null, halt: null as 'pause' | 'cancel' | null, save: store.now };
  active = run;
  if (pendingHalt?.id === job.id) {
    run.halt = pendingHalt.how;
    pendingHalt = null;
  }
  // Its lookups' write-aheads are on the path of every request: the caps and the team membership are read once and
  // kept until they change.
  const cool = [settingsNow.hold(), membershipNow.hold()];
  try {
    // Every caller has just stored the job as it starts: the first progress write (and the badge) follows shortly.
    store.progress();
    let client: ApiClient;
    try {
      client = given ?? (await connectedClient({ rateLimited: false }));
    } catch (error) {
      // The key was removed since the job was confirmed (or before a restart resumed it).
      await finish(job, { kind: 'stopped', reason: (error as Error).message });
      return;
    }
    const shared: RunShared = { job, store, client, remaining: null };
    let waits = 0;
    /** Contacts a task has taken: still "queued" in the job until their request goes out. */
    const taken = new Set<BulkItem>();
    const pool = createPool<BulkItem>({
      concurrency: LIMITS.parallelLookups,
      // As many again get ready meanwhile (each reads the vault and takes its contact's turn), so a freed
      // connection is used at once.
      ahead: LIMITS.parallelLookups,
      take: () => {
        const item = job.items.find((i) => i.state === 'queued' && !taken.has(i)) ?? null;
        // Stryker disable next-line ConditionalExpression: a null in the set of contacts taken matches no contact
        if (item) taken.add(item);
        return item;
      },
      run: async (item, send): Promise<TaskOutcome> => {
        const outcome = await lookupOne(shared, item, send).finally(() => taken.delete(item));
        if (outcome.kind === 'wait') waits++;
        else {
          // Stryker disable next-line ConditionalExpression: the only other outcome is a stop, after which nothing starts, so no wait is reckoned
          if (outcome.kind === 'done') waits = 0;
        }
        // Stryker disable next-line ConditionalExpression: only a wait has a waitMs, so the second test alone says the same
        return outcome.kind === 'wait' && outcome.waitMs === 0
          ? { kind: 'wait', waitMs: Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (waits - 1)) }
          : outcome;
      },
      onWait: (until) => {
        job.waitUntil = new Date(until).toISOString();
        void store.now();
      },
    });
    run.pool = pool;
    if (run.halt === 'pause') pool.pause();
    if (run.halt === 'cancel') pool.cancel();
    const ending = await pool.run();
    delete job.waitUntil;
    await finish(job, ending);
  } finally {
    for (const release of cool) release();
    if (active === run) active = null;
  }
}

/** Ends a run: paused jobs wait for the user; anything else gets the balance (free) and a receipt. */
async function finish(job: BulkJob, ending: RunEnding): Promise<void> {
  // The run's own writer, when this job has one (it also drops a pending progress write that would come after).
  const write = () => (active?.job === job ? active.save() : bulkJobs.setCurrent(job));
  if (ending.kind === 'paused') {
    job.status = 'paused';
    await write();
    await showBulkBadge(job);
    return;
  }
  job.status = ending.kind === 'drained' ? 'done' : ending.kind;
  // Stryker disable next-line ConditionalExpression: only a stop has a reason; any other ending sets it to undefined, which reads as none
  if (ending.kind === 'stopped') job.stopReason = ending.reason;
  job.finishedAt = new Date().toISOString();
  // The balance after, from the service (free): it also settles what "may have charged" contacts cost in all.
  job.balanceAfter = await refreshAccount()
    .then((snapshot) => snapshot.remaining)
    .catch(() => null);
  job.spend = await spendOf(job);
  await write();
  await bulkJobs.file(job);
  await showBulkBadge(job);
  await checkWhenSettled(job);
}
