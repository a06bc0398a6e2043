/**
 * The room the user's spending caps leave: one rule for the background's check before a paid call and the popup's
 * reason beside Reveal. Pure; the spending comes from the ledger (`store.ts`), the caps from the settings.
 */
import type { Settings } from '../store/items/settings';

/** The tighter of the caps in force: how much is left under it, and its name. */
export interface CapRoom {
  left: number;
  cap: 'daily' | 'monthly';
}

/** The room left under the tighter cap, or null when no cap is set (a cap of 0 is a cap: nothing may be spent). */
export function roomUnderCaps(
  caps: Pick<Settings, 'dailyCapCredits' | 'monthlyCapCredits'>,
  spent: { today: number; month: number },
): CapRoom | null {
  const rooms: CapRoom[] = [];
  if (caps.dailyCapCredits !== undefined)
    rooms.push({ left: caps.dailyCapCredits - spent.today, cap: 'daily' });
  if (caps.monthlyCapCredits !== undefined) {
    rooms.push({ left: caps.monthlyCapCredits - spent.month, cap: 'monthly' });
  }
  return rooms.reduce<CapRoom | null>(
    (tightest, room) => (tightest && tightest.left <= room.left ? tightest : room),
    null,
  );
}
