/**
 * Vault-aware reveal: asks the service only for the items the vault does not already hold, as a job written to
 * storage before the request, and writes every paid result to the vault before any UI can show it.
 */

import { ApiError } from '../api/errors';
import { heldBackBy } from '../domain/cut-off-guard';
import { dncRefusal } from '../domain/do-not-contact';
import { type ChargeEntry, lastHandOver } from '../ledger/entry';
import type { RevealInput } from '../protocol/messages';
import { fail, refuse, refuseNow } from '../protocol/result';
import type { RevealOutcome } from '../protocol/shapes';
import { describeLinkedInUrl } from '../sites/linkedin/describe-url';
import { profileUrl } from '../sites/linkedin/url';
import { chargesOf } from '../store/database/ledger/ledger';
import { vault } from '../store/database/vault/vault';
import { checkAgainMonths } from '../store/database/vault/vault-age';
import { vaultKeyFor } from '../store/database/vault/vault-record';
import { outcomeUnknown, type RevealJob, revealJobs } from '../store/items/reveal-jobs';
import { type Selection, settings } from '../store/items/settings';
import { CUT_OFF } from '../store/work-status';
import { onTeamConnection, SETTLE_AFTER_MS } from './balance-settlement';
import { connectedClient, recordBalance, refreshAccount } from './connection';
import { isCutOff, WORKER_ID, whileBeating } from './heartbeat';
import { type ContactTarget, type LookupPlan, lookupContact, planLookup, serialised } from './lookup-contact';
import { callsInFlight } from './paid-call-gate';

/** A contact to reveal: a LinkedIn profile URL (any form `profileUrl` accepts), a candidate id, or both. */
export type RevealTarget = RevealInput['target'];

/** Canonical target: a LinkedIn profile URL in canonical form, or a candidate id. */
export function normaliseTarget(target: RevealTarget): ContactTarget {
  const rawUrl = target.socialUrl?.trim();
  const candidateId = target.candidateId?.trim() || null;
  if (rawUrl) {
    const socialUrl = profileUrl(rawUrl);
    if (!socialUrl) {
      throw refuse(
        describeLinkedInUrl(rawUrl)?.pasted ??
          `"${rawUrl}" is not a LinkedIn profile URL (expected https://www.linkedin.com/in/<name>).`,
      );
    }
    return { socialUrl, candidateId };
  }
  if (candidateId) return { socialUrl: null, candidateId };
  throw refuse('Give a LinkedIn profile URL or a candidate id to reveal.');
}

/**
 * Reveals the selected items of one contact. Resolves with the vault record (written before this returns) and the
 * job; a service failure is recorded on the job and rethrown.
 */
export async function reveal(input: RevealInput): Promise<RevealOutcome> {
  if (input.selection.length === 0) throw refuse('Choose at least one item to reveal.');
  const target = normaliseTarget(input.target);
  // An id already linked to a URL resolves to that URL's record, so both routes share one queue.
  const known = await vault.find(target);
  return serialised(known?.key ?? vaultKeyFor(target), () => revealNow(input, target));
}

/**
 * A job that may have been charged without its result: its outcome is unknown (a timeout; a stopped worker, marked
 * at start-up), or it is still "running" in storage for a worker that is gone.
 */
const cutOff = (job: RevealJob | null): job is RevealJob =>
  job !== null && (outcomeUnknown(job) || cutOffRun(job));

/** A job stored as running whose worker is gone. */
const cutOffRun = (job: RevealJob, since?: Date): boolean =>
  job.status === 'running' && isCutOff(job.worker, job.startedAt, since);

/**
 * Refuses what the user has not seen: asking again for items of a reveal that was cut off (it may have been
 * charged) before its charge is settled, or over a stored contact that could not be read (it may hold them
 * already). A settled one ("not charged", "charged N") has been said: asking again is a reveal like any other.
 */
async function refuseUnseen(
  input: RevealInput,
  vaultKey: string,
  requested: Selection,
  unreadable: boolean,
): Promise<void> {
  if (unreadable && !input.replaceUnreadable) {
    throw refuse(
      'The stored contact for this profile could not be read. Revealing again may charge for items you already paid for.',
    );
  }
  if (input.retryCutOff) return;
  // Any unsettled cut-off reveal of the contact, not only its latest: a reveal of other items since does not lift it.
  const jobs = (await revealJobs.all())
    .filter((job) => job.vaultKey === vaultKey)
    .map((job) => (cutOffRun(job) ? { ...job, status: CUT_OFF } : job));
  if (heldBackBy(jobs).some(({ items }) => items.some((item) => requested.includes(item)))) {
    throw refuse(
      'The last reveal of this contact got no answer and may have been charged. See what it cost next to the contact, then choose Reveal again.',
    );
  }
}

async function revealNow(input: RevealInput, target: ContactTarget): Promise<RevealOutcome> {
  // "Check again" asks held items older than the setting in force now, judged here against the record held now.
  const checkAgain = input.checkAgain ? checkAgainMonths((await settings.get()).checkAgainAfterMonths) : 0;
  const plan = await planLookup(target, input.selection, input.hints ?? {}, input.retryNotFound, checkAgain);
  const { existing, asked: requested, base } = plan;
  const held = input.selection.filter((item) => !requested.includes(item));
  const now = new Date().toISOString();
  const job: RevealJob = {
    id: crypto.randomUUID(),
    kind: 'reveal',
    vaultKey: base.key,
    target,
    requested,
    held,
    status: 'running',
    worker: WORKER_ID,
    startedAt: now,
  };

  // Everything is held: no request, and a job that says so (a panel or popup shows it, dated, at 0 credits).
  if (requested.length === 0) {
    const settled: RevealJob = { ...job, status: 'done', finishedAt: now, charged: 0, retrieved: [] };
    await revealJobs.put(settled);
    return { record: existing, job: settled };
  }

  await refuseUnseen(input, base.key, requested, plan.unreadable);
  return whileBeating(() => paidReveal(job, plan));
}

/** The paid call of a reveal job, and what it did to the vault and the job. */
async function paidReveal(job: RevealJob, plan: LookupPlan): Promise<RevealOutcome> {
  const { base } = plan;
  // The job is written before anything else can fail, so every outcome (refusal included) is on record.
  await revealJobs.put(job);
  try {
    const client = await connectedClient();
    const call = { action: 'reveal' as const, ref: job.id, label: base.name ?? base.socialUrl ?? base.key };
    const outcome = await lookupContact(client, call, plan);
    if (outcome.kind === 'do-not-contact') throw refuseNow(dncRefusal(outcome.scope));
    if (outcome.kind === 'no-result') throw malformed('The service answered without a contact result.');
    const { response } = outcome;
    // The balance is news, not paid data: its failure must not turn a paid result into an error.
    const balance = recordBalance(response.credits.remaining).catch((error) =>
      console.warn('Could not record the balance', error),
    );
    if (outcome.kind === 'refused') {
      // The service could not look this contact up (nothing charged): say so; store nothing new.
      throw new ApiError({
        kind: outcome.status >= 500 ? 'server' : 'http',
        operation: 'lookup',
        status: outcome.status,
        message: `The service could not look up this contact: ${outcome.error}`,
      });
    }
    // Paid data first: the vault was written (by the lookup) before the job says "done", and before any UI can
    // render it.
    const done: RevealJob = {
      ...job,
      // A contact revealed by id alone may now be held under its profile URL (see `underItsUrl`).
      vaultKey: outcome.record.key,
      status: 'done',
      finishedAt: outcome.at,
      charged: response.credits.used,
      retrieved: outcome.retrieved,
      ...(response.credits.billing_note !== undefined ? { billingNote: response.credits.billing_note } : {}),
    };
    await revealJobs.put(done);
    await balance;
    return { record: outcome.record, job: done };
  } catch (error) {
    await revealJobs.put({
      ...job,
      status: 'failed',
      finishedAt: new Date().toISOString(),
      error: fail(error).error,
    });
    throw error;
  }
}

function malformed(message: string): ApiError {
  return new ApiError({ kind: 'malformed-response', operation: 'lookup', message, outcomeUnknown: true });
}

/**
 * Jobs left "running" by a service worker that was stopped mid-request: their outcome is unknown. Only jobs whose
 * worker is gone ({@link isCutOff}; `since` defaults to this worker's start) are touched, so a reveal begun
 * meanwhile by this worker is left alone.
 */
export async function markCutOffReveals(since?: Date): Promise<void> {
  const stopped = (job: RevealJob) => cutOffRun(job, since);
  for (const { id } of (await revealJobs.all()).filter(stopped)) {
    await revealJobs.update(id, (job) =>
      stopped(job) ? { ...job, status: CUT_OFF, finishedAt: new Date().toISOString() } : null,
    );
  }
}

/**
 * What a cut-off reveal was charged: checks the balance with the account call (free), which settles the calls on
 * the ledger that got no answer, then reads the reveal's own entry. Recorded on the job; final once the ledger has
 * settled it (until then the service may still be finishing the cut-off call), or once it is known that the
 * balance cannot settle it. A job still running in this worker is returned as it is.
 */
export async function checkCutOffReveal(jobId: string): Promise<RevealJob> {
  const job = (await revealJobs.all()).find((j) => j.id === jobId);
  if (!job) throw refuseNow('That reveal is no longer on record.');
  if (!cutOff(job) || job.check?.final) return job;
  const { remaining } = await refreshAccount();
  const [entry] = await chargesOf(job.id, job.startedAt);
  const team = await onTeamConnection();
  const check = { remaining, ...chargeOf(entry, team), at: new Date().toISOString() };
  const checked = await revealJobs.update(jobId, (latest) =>
    cutOff(latest) && !latest.check?.final
      ? {
          ...latest,
          // A failed call stays failed (its error says why); one left running by a gone worker was cut off.
          status: latest.status === 'failed' ? 'failed' : CUT_OFF,
          finishedAt: latest.finishedAt ?? check.at,
          check,
        }
      : null,
  );
  return checked ?? job;
}

/**
 * What the reveal's ledger entry says of its charge. `team`: the connection is a team gateway, whose balance is the
 * team's and settles nothing of this member's (see `recordAccountBalance`): an open call stays "may have been
 * charged, up to its most" for good, said as such at once.
 */
function chargeOf(
  entry: ChargeEntry | undefined,
  team: boolean,
): Omit<NonNullable<RevealJob['check']>, 'remaining' | 'at'> {
  // Never on the ledger: its request never left (the entry is written before it does).
  if (!entry) return { charged: 0, final: true };
  if (entry.state === 'uncertain' && team)
    return { charged: null, final: true, team: { most: entry.maxCredits } };
  if (entry.state === 'uncertain') {
    // Not settled yet: the service may still be finishing it, or a call in flight keeps the balance from telling.
    // Past the time a call can take, with nothing in flight, the balance cannot settle it (none known before it,
    // or credits were bought meanwhile).
    const old = Date.now() - lastHandOver(entry) > SETTLE_AFTER_MS;
    return old && callsInFlight() === 0 ? { charged: null, final: true } : { charged: 0, final: false };
  }
  if (entry.shared) {
    return entry.shared.calls === 1
      ? { charged: null, final: true, unexplained: entry.shared.credits }
      : { charged: null, final: true, shared: entry.shared };
  }
  return { charged: entry.credits, final: true };
}
