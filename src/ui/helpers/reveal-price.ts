/**
 * What a reveal of one contact may cost and whether it can be sent, the one rule the popup and the side panel's
 * profile view apply before the click: items the vault holds (or knows missing) are not asked, items a team gateway
 * holds cost nothing, and a known balance or a spending cap below the most it can cost holds the button back.
 * The background checks all of it again before any paid call.
 */
import { formatCredits } from '../../api/pricing';
import type { Retrievable } from '../../api/schema-parts';
import type { CapRoom } from '../../ledger/caps';
import { type ContactRecord, itemsToAsk } from '../../store/database/vault/vault-record';
import { ITEMS } from '../items';
import { capProblem } from '../popup/cap-room';
import { NO_KEY, SERVICE_DOWN } from '../words/service';
import { maxCostWithTeam, type TeamHeldItems } from './team-held';

/** What stands between a click and a paid call of at most `max` credits. */
export interface SpendState {
  /** A reveal of this contact is under way. */
  underWay: boolean;
  /** An API key is set. */
  hasKey: boolean;
  /** The balance is being asked again (on opening): a stale figure must not enable a paid button meanwhile. */
  checking?: boolean;
  /** The service did not answer the balance call: nothing paid can get through until it does. */
  unreachable?: boolean;
  /** The balance as last known (undefined: not known). */
  remaining: number | undefined;
  /** Room under the spending caps (null: not known yet, or no cap). */
  room: CapRoom | null;
}

export { NO_KEY, NO_KEY_NEXT } from '../words/service';

/** The start of the reason beside a paid button the balance cannot cover (the view adds the way to more). */
export const NOT_ENOUGH = 'Not enough credits';

/** Why a paid button waits on opening: the balance is being asked again, so a stale figure cannot enable it. */
export const CHECKING_BALANCE = 'Checking your balance…';

/** Why a paid call of at most `max` credits cannot be sent, or null when it can. */
export function spendProblem(max: number, state: SpendState): string | null {
  if (state.underWay) return 'A reveal is in progress.';
  if (!state.hasKey) return NO_KEY;
  // Said once, by the notice with its Retry (a screen names it as the reason rather than repeating it).
  if (state.unreachable) return SERVICE_DOWN;
  if (max === 0) return null;
  if (state.checking) return CHECKING_BALANCE;
  if (state.remaining !== undefined && state.remaining < max) {
    return `${NOT_ENOUGH}: this may cost up to ${formatCredits(max)}, your balance is ${formatCredits(state.remaining)}.`;
  }
  return capProblem(state.room, max);
}

/** One item not held yet, offered on its own at its price ("Add phone · 6 credits"). */
export interface ItemOffer {
  item: Retrievable;
  cost: number;
}

/**
 * A contact's reveal: the items of `selection` to ask for and the most they can cost, and every other item not
 * held yet (neither found nor known missing) as an offer of its own.
 */
export function revealOffer(
  record: ContactRecord | null,
  selection: readonly Retrievable[],
  team: TeamHeldItems,
): { toAsk: Retrievable[]; max: number; others: ItemOffer[] } {
  const toAsk = itemsToAsk(record, selection);
  const others = ITEMS.filter((item) => !toAsk.includes(item) && record?.[item] === undefined).map(
    (item) => ({
      item,
      cost: maxCostWithTeam([item], team),
    }),
  );
  return { toAsk, max: maxCostWithTeam(toAsk, team), others };
}
