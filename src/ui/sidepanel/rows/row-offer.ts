/**
 * A person of a side panel list (search results, a find's people) as its reveal sees them: what the vault holds of
 * them, the reveal of the chosen items priced with what the team holds (`rowOffer`), and where their reveal stands.
 */
import { useComputed } from '@preact/signals';
import { cutOffSettled } from '../../../domain/outage';
import type { StoredProfile } from '../../../store/database/search';
import type { ContactRecord } from '../../../store/database/vault/vault-record';
import type { RevealJob } from '../../../store/items/reveal-jobs';
import { useCutOffCheck } from '../../helpers/cut-off-check';
import { type RowOffer, rowOffer, teamHeldFor } from '../../helpers/team-held-rows';
import type { RowsModel } from '../model';
import { panelService } from '../service';
import { rowTarget } from '../vault-model';

/** The balance is known to be too low for the reveal: said before the click (the service would refuse it, nothing charged). */
export const balanceTooLow = (
  offer: { items: readonly unknown[]; most: number },
  remaining: number | undefined,
) => offer.items.length > 0 && remaining !== undefined && remaining < offer.most;

/** The person's record in the vault (null: nothing held) and their reveal's offer. */
export function profileOffer(
  m: Pick<RowsModel, 'vault' | 'selection'>,
  profile: StoredProfile,
  record: ContactRecord | null = m.vault.recordFor(profile),
): RowOffer & { record: ContactRecord | null } {
  // On a team gateway, items the team holds are free (asked for the whole list when it was shown).
  return { record, ...rowOffer(record, m.selection.value, teamHeldFor(rowTarget(profile))) };
}

/**
 * The person's reveal as their Reveal button reads it (a component's hook: it follows a cut-off reveal's charge
 * check while the button is shown): the offer, whether a reveal is under way, the balance, the last reveal if it
 * got no answer, and what this panel's own reveal charged.
 */
export function useProfileReveal(
  m: Pick<RowsModel, 'vault' | 'selection' | 'reveals' | 'account'>,
  profile: StoredProfile,
) {
  const target = rowTarget(profile);
  // What reads the panel's whole vault (a reveal's job is found by the record's key) is read through computeds of
  // this person's own: the component follows its record and its reveals, not the vault, so a bulk reveal storing
  // its answers one after another re-renders only the rows whose record changed.
  const held = useComputed(() => m.vault.recordFor(profile)).value;
  const revealing = useComputed(() => m.reveals.isRevealing(profile.id, target)).value;
  const charge = useComputed(() => m.reveals.chargeFor(target)).value;
  const { record, teamNote, ...offer } = profileOffer(m, profile, held);
  const remaining = m.account.balance.value?.remaining;
  // The last reveal got no answer: its charge is checked first, and asking again is a choice made after seeing it.
  const cut: RevealJob | null = useComputed(() => m.reveals.cutOffFor(target)).value;
  const checkProblem = useCutOffCheck(cut, panelService.answers.value);
  // Once its charge is settled it has been said: the person is revealed like any other.
  const again =
    cut !== null && !cutOffSettled(cut) && offer.items.some((item) => cut.requested.includes(item));
  return {
    record,
    teamNote,
    offer,
    /** At least one item is chosen in the panel's reveal options. */
    chosen: m.selection.value.length > 0,
    /** A reveal of the person is under way (asked here or elsewhere). */
    revealing,
    error: m.reveals.errors.value[profile.id],
    /** The balance, when known. */
    remaining,
    /** The service cannot be reached: nothing paid is offered. */
    unreachable: m.account.unreachable.value,
    tooLow: balanceTooLow(offer, remaining),
    cut,
    /** Why the cut-off reveal's charge could not be checked; null when it could, or is being checked. */
    checkProblem,
    /** This reveal asks again some of the items the cut-off one asked. */
    again,
    /** Asking again waits for the cut-off reveal's charge to be checked. */
    waiting: again && !cut.check && !checkProblem,
    /** What this panel's own reveal of the person charged, as the background stored it. */
    charge,
  };
}
