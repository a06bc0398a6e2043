/**
 * What the user's spending caps still allow, kept current from the settings and the ledger, so the popup can say
 * before the click that a reveal would pass a cap instead of only after the background refuses it. The
 * ledger holds every paid call from before its request leaves (at its most until its answer), so calls under way
 * count here as in the background's check, which stays the authority (it also counts the calls its worker is just
 * starting).
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import { formatCredits } from '../../api/pricing';
import { type CapRoom, roomUnderCaps } from '../../ledger/caps';
import { spendingNow } from '../../ledger/spending';
import { watchLedger } from '../../store/database/ledger/ledger';
import { type Settings, settings } from '../../store/items/settings';

/**
 * Why a paid action of at most `max` credits would pass a cap; null when it would not. The next step (raise it) is
 * the popup's "Open the cap setting" beside it.
 */
export function capProblem(room: CapRoom | null, max: number): string | null {
  if (!room || max <= room.left) return null;
  // At the cap the spending warning above already says so, with its figures: the reason only points to it.
  if (room.left <= 0) return `Your ${room.cap} spending cap is reached (see above).`;
  const period = room.cap === 'daily' ? 'today' : 'this month';
  return `Your ${room.cap} spending cap leaves ${formatCredits(room.left)} ${period}, less than this may cost.`;
}

/**
 * The room under the caps as a signal, read again whenever the settings or the ledger change. Followed for the
 * popup's whole life (it closes with its page), so the watchers are not undone.
 */
export function watchCapRoom(
  /** The settings as a screen read them on opening, so that its first reads share one; read here otherwise. */
  first: Promise<Settings> = settings.get(),
): ReadonlySignal<CapRoom | null> {
  return followCapRoom(first).room;
}

/** {@link watchCapRoom}, with word of when the room was first read (until then, null says nothing). */
export function followCapRoom(first: Promise<Settings> = settings.get()): {
  room: ReadonlySignal<CapRoom | null>;
  known: ReadonlySignal<boolean>;
} {
  const room = signal<CapRoom | null>(null);
  const known = signal(false);
  const refresh = async (caps?: Promise<Settings>) => {
    const [set, spent] = await Promise.all([caps ?? settings.get(), spendingNow()]);
    room.value = roomUnderCaps(set, spent);
    known.value = true;
  };
  watchLedger(() => void refresh());
  settings.watch(() => void refresh());
  void refresh(first);
  return { room, known };
}
