/**
 * A bulk reveal's receipt once the job has ended: what the ledger holds for the job ({@link spendOf}), and the
 * balance after. Lookups that got no answer are settled by a later balance, so the receipt follows the ledger: on a
 * check the user asks for ("Check the balance again"), on the background's own check once the service can no longer
 * be finishing them, and on any balance read meanwhile; every receipt filed, also once a new job took its place.
 */
import type { BulkJob } from '../../bulk/job';
import { chargeTotals } from '../../ledger/entry';
import { bulkJobs } from '../../store/database/bulk-jobs-write';
import { chargesOf, openCharges } from '../../store/database/ledger/ledger';
import { serialized } from '../../store/lock';
import { afterSettling, onTeamConnection, SETTLE_AFTER_MS } from '../balance-settlement';
import { refreshAccount } from '../connection';

/** What the ledger holds for the job: the receipt's total (see {@link BulkJob.spend}). */
export async function spendOf(job: BulkJob): Promise<NonNullable<BulkJob['spend']>> {
  const charges = await chargesOf(job.id, job.createdAt);
  const { credits, uncertain, uncertainMax } = chargeTotals(charges);
  // No answer came for these: settled by the balance (or not yet), never by an answer.
  const lost = charges.filter((e) => e.state !== 'charged');
  // Through a team gateway no balance settles them (see `recordAccountBalance`): the receipt says so, not "soon".
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with none uncertain nothing reads `team` (the lost line and the check button ask it only of calls pending); the guard spares a read
  const team = uncertain > 0 && (await onTeamConnection());
  return {
    charged: credits,
    uncertain,
    uncertainMax,
    shared: charges.some((e) => e.shared !== undefined),
    lost: { calls: lost.length, credits: lost.reduce((sum, e) => sum + e.credits, 0) },
    ...(team ? { team: true as const } : {}),
  };
}

/**
 * Checks the balance after an ended job (free) and stores it on its receipt with what the ledger then holds for the
 * job. The job is found where it is: shown, or only filed (a new job, "Ask again" say, took its place), so an
 * earlier receipt settles as well. When it ended stays as it was: a check is not an end. Resolves with the job shown.
 * Only an ended job is checked: the user's check is refused while a job is under way, and the background's own is
 * set when a job ends.
 */
export async function recheck(jobId: string): Promise<BulkJob | null> {
  const { remaining } = await refreshAccount();
  return serialized('bulk-receipt', async () => {
    const shown = await bulkJobs.current();
    const job = shown?.id === jobId ? shown : (await bulkJobs.history()).find((filed) => filed.id === jobId);
    // Gone meanwhile (dismissed before it was filed): nothing left to check.
    if (!job) return shown;
    const rechecked: BulkJob = { ...job, balanceAfter: remaining, spend: await spendOf(job) };
    await bulkJobs.file(rechecked);
    return job === shown ? rechecked : shown;
  });
}

/**
 * Ended jobs whose lookups were not all known: the receipts filed, and the job shown if it was not filed (its worker
 * stopped as it ended). Only an ended job has a receipt's total: a job under way has none yet.
 */
async function unsettledReceipts(): Promise<BulkJob[]> {
  const filed = await bulkJobs.history();
  const shown = await bulkJobs.current();
  // Stryker disable next-line ConditionalExpression,ArrowFunction: a job shown and filed is one record: taken twice, each pass files the same total
  const isFiled = (job: BulkJob) => filed.some((other) => other.id === job.id);
  const receipts = shown && !isFiled(shown) ? [shown, ...filed] : filed;
  return receipts.filter((job) => (job.spend?.uncertain ?? 0) > 0);
}

/**
 * The receipts follow the ledger: once a balance may have settled calls, every ended job whose lookups were not all
 * known reads what the ledger now holds for it, without a click. Filing a receipt keeps it shown when it is.
 */
async function followLedger(): Promise<void> {
  await serialized('bulk-receipt', async () => {
    for (const job of await unsettledReceipts()) {
      const spend = await spendOf(job);
      // Stryker disable next-line ConditionalExpression: a receipt stored again unchanged reads the same; the comparison only spares the write
      if (JSON.stringify(spend) !== JSON.stringify(job.spend)) await bulkJobs.file({ ...job, spend });
    }
  });
}
afterSettling(() => {
  // Stryker disable next-line ArrowFunction,StringLiteral: swallowed either way; only the developer's log differs
  followLedger().catch((error) => console.warn('The bulk receipt could not follow the ledger', error));
});

/** The jobs a balance check is set for, so a wake or a restart sets one at most for each. */
const checksSet = new Set<string>();

/**
 * An ended job with lookups not known: the balance is checked again (free) once the service can no longer be
 * finishing them ({@link SETTLE_AFTER_MS} after the latest was handed to the network), so the receipt settles without
 * a click. A timer lost with its worker is set again when the next one starts ({@link checkReceiptsAgain}).
 */
export async function checkWhenSettled(job: BulkJob): Promise<void> {
  if (checksSet.has(job.id)) return;
  // Only calls still open can be settled: one a balance closed as it was (it could not tell) stays not known.
  const open = (await openCharges()).filter((e) => e.ref === job.id);
  if (open.length === 0) return;
  checksSet.add(job.id);
  const latest = Math.max(0, ...open.map((e) => Date.parse(e.handedAt ?? e.at)));
  setTimeout(
    () => {
      checksSet.delete(job.id);
      // Stryker disable next-line ArrowFunction: swallowed either way; only the developer's log differs
      recheck(job.id).catch((error) =>
        // Stryker disable next-line StringLiteral: a developer's log line, never shown to the user
        console.warn('The balance after a bulk reveal could not be checked', error),
      );
    },
    Math.max(0, latest + SETTLE_AFTER_MS + 1_000 - Date.now()),
  );
}

/** At worker start: every ended job whose lookups were not all known gets its balance check again. */
export async function checkReceiptsAgain(): Promise<void> {
  for (const job of await unsettledReceipts()) await checkWhenSettled(job);
}
