/**
 * Warnings before the money runs out: at 75% and 90% of a spending cap (and at the cap), and under the user's
 * low-balance threshold. Pure: the popup and side panel render what this says.
 */
import { formatCredits } from '../api/pricing';
import { formatNumber } from '../format/numbers';
import type { Settings } from '../store/items/settings';

/** How near a cap must be before it is mentioned, most pressing first. */
const LEVELS = [1, 0.9, 0.75] as const;

export interface SpendingWarning {
  /** 'cap' when a cap is reached (paid actions are refused), 'near' at 75% or 90%, 'balance' for a low balance. */
  level: 'cap' | 'near' | 'balance';
  text: string;
}

/** The warnings in force: at most one per cap (its most pressing level), then the balance. */
export function spendingWarnings(
  set: Pick<Settings, 'dailyCapCredits' | 'monthlyCapCredits' | 'lowBalanceBelow'>,
  spent: { today: number; month: number; underWay?: { today: number; month: number } },
  balance: number | null,
): SpendingWarning[] {
  const warnings: SpendingWarning[] = [];
  const caps = [
    {
      cap: set.dailyCapCredits,
      used: spent.today,
      open: spent.underWay?.today ?? 0,
      name: 'daily',
      period: 'today',
      next: 'tomorrow',
    },
    {
      cap: set.monthlyCapCredits,
      used: spent.month,
      open: spent.underWay?.month ?? 0,
      name: 'monthly',
      period: 'this month',
      next: 'next month',
    },
  ];
  for (const { cap, used, open, name, period, next } of caps) {
    // A cap of 0 is a cap (`roomUnderCaps`): every paid action waits, and the popup's reason points to this warning.
    // Stryker disable next-line ConditionalExpression: with no cap, used >= NaN is false: the next line skips it
    if (cap === undefined) continue;
    const level = LEVELS.find((l) => used >= cap * l);
    if (level === undefined) continue;
    // The level only decides whether to speak; the words give the real share.
    // Calls sent and not answered yet count at their most, as the background's check counts them.
    const spentOf = `You have ${open > 0 ? 'spent or under way' : 'spent'} ${formatNumber(used)} of your ${formatNumber(cap)}-credit ${name} cap ${period}`;
    warnings.push(
      level === 1
        ? {
            level: 'cap',
            text: `${spentOf}. Paid actions wait until ${next}, or raise the cap in Options.`,
          }
        : { level: 'near', text: `${spentOf} (${Math.floor((used / cap) * 100)}%).` },
    );
  }
  // Stryker disable next-line ConditionalExpression: with no threshold, balance < undefined is false all the same
  if (balance !== null && set.lowBalanceBelow !== undefined && balance < set.lowBalanceBelow) {
    warnings.push({
      level: 'balance',
      text: `Low balance: ${formatCredits(balance)} left (your warning is below ${formatCredits(set.lowBalanceBelow)}).`,
    });
  }
  return warnings;
}
