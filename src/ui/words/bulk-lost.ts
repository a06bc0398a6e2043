/**
 * A bulk reveal's lost answers, in words: how many lookups got no answer and what the balance says they cost, in
 * one line, and asking again for them, priced. The same words as a single reveal's ("the answer never arrived").
 * Part of `src/ui/words/`.
 */
import { formatCredits } from '../../api/pricing';
import { countOf, formatNumber, plural } from '../../format/numbers';

/**
 * What the ledger holds of the lost answers: settled at `credits` so far; `pending` still not known, up to `most`.
 */
export interface LostSpend {
  credits: number;
  pending: number;
  most: number;
  /** Through a team gateway: its balance is the team's, so what is not known stays so (no check will tell). */
  team?: boolean | undefined;
}

/** Why a team member's lost calls stay not known, and where their cost can be seen. */
export const TEAM_BALANCE_CANNOT_TELL =
  "Your team's balance cannot tell, as teammates spend from it too; your team's admin sees each of your lookups in the team console.";

/**
 * "6 answers never arrived: paid 9 credits for them." `spend` null: a receipt from before its ledger figures were
 * kept, which can only say they may have been charged.
 */
export function lostLine(lost: number, spend: LostSpend | null): string {
  const what = `${countOf(lost, 'answer')} never arrived`;
  const them = plural(lost, 'it', 'them');
  if (!spend) return `${what}: ${plural(lost, 'it', 'they')} may have been charged.`;
  if (spend.pending === 0) {
    return spend.credits > 0
      ? `${what}: paid ${formatCredits(spend.credits)} for ${them}.`
      : `${what}: nothing was charged for ${them}.`;
  }
  const notKnown = `up to ${formatCredits(spend.most)}`;
  if (spend.team) {
    const paid = spend.credits > 0 ? `paid ${formatCredits(spend.credits)} for ${them}, and ` : '';
    return `${what}: ${paid}${plural(lost, 'it', 'they')} may have been charged, ${notKnown}${spend.credits > 0 ? ' more' : ''}. ${TEAM_BALANCE_CANNOT_TELL}`;
  }
  return spend.credits > 0
    ? `${what}: paid ${formatCredits(spend.credits)} for ${them} so far, ${notKnown} more not known yet; checking again shortly.`
    : `${what}: what ${plural(lost, 'it costs', 'they cost')} is not known yet (${notKnown}); checking again shortly.`;
}

/** "Ask again for the 6 (up to 18 credits)": a new bulk reveal of those contacts, for what the vault still lacks. */
export const askAgainFor = (lost: number, most: number): string =>
  `Ask again for ${lost === 1 ? 'it' : `the ${formatNumber(lost)}`} (up to ${formatCredits(most)})`;

/**
 * Asking again may cost more than the known balance: the choice the first run offers, offered again on the receipt
 * (without it, asking again is not sent).
 */
export const ASK_AGAIN_STOP_WHEN_OUT =
  'Stop when the balance runs out (it is less than asking again may cost)';

/** A receipt's count of contacts whose answer was charged but could not be stored (a full disk). */
export const CHARGED_NOT_SAVED = 'Charged, not saved';

/** The fold that names a bulk reveal's failed contacts: "Why 2 contacts failed". */
export const whyFailed = (n: number): string => `Why ${countOf(n, 'contact')} failed`;

/** A failed contact whose job kept no reason (a job stored before reasons were kept). */
export const FAILED_NO_REASON = 'The lookup failed. Nothing was charged for it.';
