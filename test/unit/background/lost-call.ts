/**
 * A call with no answer on the ledger, for the tests of what a balance settles: a balance of `before`, then Grace's
 * phone reveal (up to 6 credits) sent a minute ago and never answered, under the reveal job `lost`.
 */
import { recordAccountBalance } from '../../../src/background/balance-settlement';
import { chargesOf } from '../../../src/store/database/ledger/ledger';
import { appendEntry } from '../../../src/store/database/ledger/ledger-write';
import { GRACE } from './service-stub';

const SENT_AT = new Date(Date.now() - 60_000).toISOString();

export async function lostCall(before: number): Promise<void> {
  await recordAccountBalance(before, new Date(Date.now() - 61_000).toISOString());
  await appendEntry({
    kind: 'charge',
    id: 'lost-call',
    at: SENT_AT,
    action: 'reveal',
    items: [],
    credits: 0,
    maxCredits: 6,
    state: 'uncertain',
    ref: 'lost',
    subject: GRACE.socialUrl,
  });
}

/** That call's entry as the ledger holds it now. */
export const lost = () => chargesOf('lost', SENT_AT);
