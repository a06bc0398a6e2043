/**
 * How a paid call that the paid-call gate (`paid-call-gate.ts`) stopped, or could not keep, is said: refused by a
 * cap before anything was sent, not sent because its ledger entry could not be written ahead, or charged with what it
 * brought lost. Each says whether anything was charged, so an outage is never shown as a charge.
 */
import { ApiError } from '../api/errors';
import { formatCredits } from '../api/pricing';
import { storageProblem } from '../store/storage-problem';

/** A refusal because a spending cap would be passed. Nothing was sent. */
export class CapReached extends ApiError {
  constructor(message: string) {
    super({ kind: 'over-cap', message });
  }
}

/**
 * The paid call's entry could not be stored, or the storage has no room for its answer, so its request was not sent
 * (money is written ahead, or not spent). A full disk is said as one (the next step is to free space); any other
 * failure as the record not saved.
 */
export class NotRecorded extends ApiError {
  constructor(cause: unknown) {
    const problem = storageProblem(cause);
    super({
      kind: problem === 'full' ? 'storage-full' : problem === 'failed' ? 'storage-failed' : 'unexpected',
      message:
        problem === 'full'
          ? 'Nothing was sent.'
          : 'The extension could not save its record of a paid call before sending it, so it sent nothing: nothing was charged. Try again.',
    });
  }
}

/**
 * The answer of a paid call came, and was charged, but what it brought could not be stored: said with its charge,
 * never as a failure that cost nothing. `what` is what was lost ("the contact", "the results").
 */
export class NotKept extends ApiError {
  readonly credits: number;
  constructor(credits: number, what: string, cause: unknown) {
    const problem = storageProblem(cause);
    const why =
      problem === 'full'
        ? 'the disk is full.'
        : problem === 'failed'
          ? "the browser could not save the extension's data."
          : 'the extension failed to store it.';
    const charge = credits > 0 ? `Charged ${formatCredits(credits)}` : 'Nothing was charged';
    super({
      kind: problem === 'full' ? 'storage-full' : problem === 'failed' ? 'storage-failed' : 'unexpected',
      message: `${charge}, but ${what} could not be saved: ${why}`,
    });
    this.credits = credits;
  }
}
