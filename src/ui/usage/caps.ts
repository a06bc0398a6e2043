/**
 * The spending caps set in Options and how much of each is used, for the usage page: "312 of 1,000 today" and the
 * daily cap's line on the chart. The settings are read as stored and checked by hand (like the team allowance's
 * membership), so this page does not load the schema library for two numbers; a value that does not read is no cap.
 */
import { formatCredits } from '../../api/pricing';
import { formatNumber } from '../../format/numbers';
import { spendingNow } from '../../ledger/spending';
import { KEYS } from '../../store/items/keys';
import { peek, watchPeek } from '../../store/items/peek';

export interface Caps {
  daily?: number;
  monthly?: number;
}

const whole = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 ? (value as number) : undefined;

/** The caps in stored settings (none for a value that is not a whole number of credits). */
export function capsOf(stored: unknown): Caps {
  if (typeof stored !== 'object' || stored === null) return {};
  const s = stored as Record<string, unknown>;
  const daily = whole(s.dailyCapCredits);
  const monthly = whole(s.monthlyCapCredits);
  return { ...(daily !== undefined ? { daily } : {}), ...(monthly !== undefined ? { monthly } : {}) };
}

export const readCaps = async (): Promise<Caps> => capsOf(await peek(KEYS.settings));
export const watchCaps = (cb: (caps: Caps) => void) => watchPeek(KEYS.settings, (value) => cb(capsOf(value)));

/** What the caps count, as the background counts it before a paid call (calls under way at their most). */
export const spentUnderCaps = () => spendingNow();

/** "312 of 1,000 credits today", "2,140 of 20,000 credits this month". */
export const capLine = (spent: number, cap: number, period: 'today' | 'this month') =>
  `${formatNumber(spent)} of ${formatCredits(cap)} ${period}`;
