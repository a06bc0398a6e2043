import type { Signal } from '@preact/signals';
import { formatCredits } from '../api/pricing';
import type { AccountSnapshot } from '../store/account';
import { exactTime } from './words/age';

/** "10:02", or "21 Nov, 10:02" before today: when a stored balance was last true. */
function asOf(iso: string): string {
  const at = new Date(iso);
  const today = at.toDateString() === new Date().toDateString();
  return at.toLocaleString('en-GB', {
    ...(today ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * The balance as last reported by the service. `stale` when it could not be asked again just now: the figure then
 * says when it was true ("Balance: 9,934 as of 10:02"), so an old figure is never read as today's.
 */
export function Balance({
  account,
  stale = false,
}: {
  account: Signal<AccountSnapshot | null>;
  stale?: boolean;
}) {
  const snapshot = account.value;
  return (
    <span
      class="balance"
      data-testid="balance"
      title={snapshot ? `As of ${exactTime(snapshot.checkedAt)}` : undefined}
    >
      {snapshot
        ? `Balance: ${formatCredits(snapshot.remaining)}${stale ? ` as of ${asOf(snapshot.checkedAt)}` : ''}`
        : 'Balance unknown'}
    </span>
  );
}
