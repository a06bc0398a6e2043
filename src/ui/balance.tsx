import type { Signal } from '@preact/signals';
import { formatCredits } from '../api/pricing';
import type { AccountSnapshot } from '../store/account';

/** The balance as last reported by the service. */
export function Balance({ account }: { account: Signal<AccountSnapshot | null> }) {
  const snapshot = account.value;
  return (
    <span
      class="balance"
      data-testid="balance"
      title={snapshot ? `As of ${new Date(snapshot.checkedAt).toLocaleString()}` : undefined}
    >
      {snapshot ? `Balance: ${formatCredits(snapshot.remaining)}` : 'Balance unknown'}
    </span>
  );
}
