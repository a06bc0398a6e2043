/**
 * One contact of a bulk reveal: its lookup (asking only for what the vault lacks, in the contact's turn, on the
 * ledger before it leaves), and what its answer, its failure or a restart's look at the vault means for it.
 */
import type { ApiClient } from '../../api/client';
import { ApiError, DISK_FULL, FREE_SPACE } from '../../api/errors';
import type { LookupResponse } from '../../api/schema';
import type { BulkItem, BulkJob } from '../../bulk/job';
import { ownError } from '../../protocol/result';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { lookupContact, planLookup, serialised } from '../lookup-contact';
import { CapReached, NotKept, NotRecorded } from '../paid-call-gate';
import { heldBackNow } from './bulk-cut-off';
import type { RunStore } from './bulk-run-store';
import { NotSent, type Send, type TaskOutcome } from './pool';

/** What the lookups of one run share. */
export interface RunShared {
  job: BulkJob;
  store: RunStore;
  client: ApiClient;
  /** The balance the latest answer reported (null: none yet). */
  remaining: number | null;
}

/** One contact: asks for what the vault lacks, writes the result to the vault, then the contact's state. */
export async function lookupOne(shared: RunShared, item: BulkItem, send: Send): Promise<TaskOutcome> {
  const { job, store, client } = shared;
  // The same turn as a single reveal of this contact (the item's key is the vault key `reveal` uses too).
  return serialised(item.key, async () => {
    const hints = {
      name: item.name,
      currentTitle: item.title,
      currentEmployer: item.employer,
      location: item.location,
    };
    const plan = await planLookup(item.target, job.selection, hints);
    if (plan.unreadable) {
      // Paid data that merely cannot be read is not bought again without the user's word.
      return settle(item, store, 'failed', {
        problem:
          'The stored contact could not be read, so it was not bought again. Reveal it on its own to replace it.',
      });
    }
    if (plan.asked.length === 0) return settle(item, store, 'held', {});
    // A single reveal of theirs got no answer since the quote and is not settled: skipped as the quote skips them.
    if ((await heldBackNow())(plan.base.key, plan.asked)) {
      return settle(item, store, 'failed', { heldBack: true, charged: 0 });
    }
    item.asked = plan.asked;
    /**
     * Once a connection is free: the contact is under way, and durably on record as sent before it is. A lookup
     * the latest balance cannot pay for (what the team holds is free) is not sent: the service would refuse it, and
     * the job stops as it does then.
     * The balance an answer reports is known before its connection is free for the next contact.
     */
    /** The most the lookup can cost, once it is known. */
    let cost = 0;
    const affordable = () => {
      if (shared.remaining !== null && shared.remaining < cost) {
        throw new ApiError({
          kind: 'insufficient-credits',
          // Stryker disable next-line StringLiteral: never shown; the job's stop says the balance ran out in its own words (`failed`)
          operation: 'lookup',
          // Stryker disable next-line StringLiteral: never shown, as above
          message: 'The balance ran out.',
        });
      }
    };
    const sendNow = (request: (leaving?: () => void) => Promise<LookupResponse>, most: number) =>
      send(async (going) => {
        cost = most;
        affordable();
        item.state = 'running';
        try {
          // The request writes the lookup on the ledger (sent, outcome unknown) before it leaves; a refusal heard
          // while that was stored keeps it from leaving (its entry is taken off again).
          const response = await request(() => {
            going();
            affordable();
          });
          shared.remaining = response.credits.remaining;
          return response;
        } catch (error) {
          // Refused for too few credits: known before this connection is free, so no paid lookup waiting for it
          // goes out meanwhile (the job stops once this contact's outcome is stored).
          if (error instanceof ApiError && error.kind === 'insufficient-credits') {
            shared.remaining = error.creditsInfo?.available ?? 0;
          }
          throw error;
        }
      });
    try {
      const call = { action: 'bulk-reveal' as const, ref: job.id, label: item.name };
      const outcome = await lookupContact(client, call, plan, sendNow);
      switch (outcome.kind) {
        case 'do-not-contact':
          // Listed since the quote: skipped at no cost, as the quote skips them (nothing asked, or refused by the
          // gateway itself at no charge); the receipt says why.
          delete item.asked;
          return settle(item, store, 'failed', { listed: outcome.scope, charged: 0 });
        case 'no-result':
          return settle(item, store, 'may-have-charged', {
            problem: 'The service answered without a result for this contact; it may have been charged.',
          });
        case 'refused':
          return settle(item, store, 'failed', {
            problem: `The service could not look up this contact: ${outcome.error}`,
          });
        case 'answered': {
          // Paid data first: the lookup wrote the vault before the job says what was found.
          const { retrieved } = outcome;
          const state = !outcome.known ? 'not-found' : retrieved.length > 0 ? 'revealed' : 'nothing-found';
          return settle(item, store, state, { retrieved, charged: outcome.response.credits.used });
        }
      }
    } catch (error) {
      return failed(item, store, error);
    }
  });
}

/** Records a contact's outcome; the next contact can start at once (see {@link createRunStore}). */
function settle(
  item: BulkItem,
  store: RunStore,
  state: BulkItem['state'],
  extra: Partial<Pick<BulkItem, 'retrieved' | 'charged' | 'problem' | 'listed' | 'heldBack'>>,
): TaskOutcome {
  Object.assign(item, { state }, extra);
  store.answered();
  return { kind: 'done' };
}

/** What a failed lookup means for the contact and for the job. */
function failed(item: BulkItem, store: RunStore, error: unknown): TaskOutcome {
  const e = error instanceof ApiError ? error : null;
  const requeue = (outcome: TaskOutcome): TaskOutcome => {
    // Refused with nothing charged: back in the queue, as it was.
    item.state = 'queued';
    delete item.asked;
    store.answered();
    return outcome;
  };
  // Halted while it waited for a connection: nothing was sent.
  // Stryker disable next-line ObjectLiteral,StringLiteral: the pool acts only on 'wait' and 'stop'; any other outcome is a task done
  if (error instanceof NotSent) return requeue({ kind: 'done' });
  if (e?.kind === 'rate-limited') return requeue({ kind: 'wait', waitMs: e.retryAfterMs ?? 0 });
  if (error instanceof CapReached) return requeue({ kind: 'stop', reason: error.message });
  if (error instanceof NotRecorded) {
    const full = error.kind === 'storage-full';
    return requeue({
      kind: 'stop',
      reason: full ? `${DISK_FULL}: ${FREE_SPACE.toLowerCase()} ${error.message}` : error.message,
    });
  }
  if (e?.kind === 'insufficient-credits') return requeue({ kind: 'stop', reason: 'The balance ran out.' });
  // The team gateway's allowance for this member: every later contact would be refused the same way until it resets.
  if (e?.kind === 'over-allowance') return requeue({ kind: 'stop', reason: e.message });
  if (e?.kind === 'invalid-key') return requeue({ kind: 'stop', reason: e.message });
  if (error instanceof NotKept) {
    // Charged, not stored: said with its charge; a full disk stops the job (every later answer would be lost too).
    settle(item, store, 'failed', { problem: error.message, charged: error.credits });
    // Stryker disable next-line ObjectLiteral,StringLiteral: the pool acts only on 'wait' and 'stop'; any other outcome is a task done
    return error.kind === 'storage-full' ? { kind: 'stop', reason: error.message } : { kind: 'done' };
  }
  if (e?.outcomeUnknown) {
    return settle(item, store, 'may-have-charged', {
      problem: 'No answer came back for this lookup, so it may have been charged. It was not sent again.',
    });
  }
  return settle(item, store, 'failed', { problem: failureWords(e, error) });
}

/** Why a lookup failed at no charge, in the receipt's words. */
function failureWords(e: ApiError | null, error: unknown): string {
  // The service's own words for a request it refused name the request's fields.
  if (e?.kind === 'bad-request')
    return 'The service refused this lookup as malformed. Nothing was charged for it.';
  if (e) return e.message;
  const own = ownError(error);
  return own.kind === 'unexpected'
    ? 'The lookup failed on an unexpected error. Nothing was charged for it.'
    : `${own.message} Nothing was charged for it.`;
}

/**
 * The outcome of a contact whose lookup was sent at `sentAt`, when the vault kept its answer (an item asked, or the
 * service's "unknown", stored at or after that time); null when no answer was kept.
 */
export function answerKept(item: BulkItem, record: ContactRecord | null, sentAt: string): BulkItem | null {
  if (!record) return null;
  const { problem: _problem, ...rest } = item;
  // Stryker disable next-line ConditionalExpression: an absent `unknownAt` compares false with any time all the same
  if (record.unknownAt !== undefined && record.unknownAt >= sentAt) return { ...rest, state: 'not-found' };
  // Stryker disable next-line ArrayDeclaration: a name that is no item is held by no record, so it is filtered out all the same
  const answered = (item.asked ?? []).filter((name) => {
    const held = record[name];
    return held !== undefined && held.at >= sentAt;
  });
  if (answered.length === 0) return null;
  // Stryker disable next-line OptionalChaining: every name answered is held by the record (the filter above)
  const retrieved = answered.filter((name) => record[name]?.found);
  return { ...rest, state: retrieved.length > 0 ? 'revealed' : 'nothing-found', retrieved };
}
