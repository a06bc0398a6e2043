import type { Signal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import { formatCredits } from '../../api/pricing';
import type { AccountSnapshot } from '../../store/items/account';
import { exactTime } from '../words/age';

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

/** The balance line: "Balance: 9,934", with when it was true if it may no longer be ("… as of 10:02"). */
export function balanceText(snapshot: AccountSnapshot | null, stale: boolean): string {
  if (!snapshot) return 'Balance unknown';
  return `Balance: ${formatCredits(snapshot.remaining)}${stale ? ` as of ${asOf(snapshot.checkedAt)}` : ''}`;
}

/** Whether a balance checked at `checkedAt` is older than `maxAgeMs` at `now`. */
export const olderThan = (snapshot: AccountSnapshot | null, maxAgeMs: number, now: number): boolean =>
  snapshot !== null && now - Date.parse(snapshot.checkedAt) > maxAgeMs;

/**
 * The balance as last reported by the service. `stale` when it could not be asked again just now; `maxAgeMs` for
 * a screen that stays open (the side panel): past that age the figure says when it was true. Either way an old
 * figure is never read as today's ("Balance: 9,934 as of 10:02").
 */
export function Balance({
  account,
  stale = false,
  maxAgeMs,
}: {
  account: Signal<AccountSnapshot | null>;
  stale?: boolean;
  maxAgeMs?: number;
}) {
  const snapshot = account.value;
  // A screen left open is looked at again later: the figure's age is judged again each minute.
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (maxAgeMs === undefined) return;
    const ticker = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(ticker);
  }, [maxAgeMs]);
  const old = maxAgeMs !== undefined && olderThan(snapshot, maxAgeMs, now);
  return (
    <span
      class="balance"
      data-testid="balance"
      title={snapshot ? `As of ${exactTime(snapshot.checkedAt)}` : undefined}
    >
      {balanceText(snapshot, stale || old)}
    </span>
  );
}
