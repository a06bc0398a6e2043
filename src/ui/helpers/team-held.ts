/**
 * Pricing with what a team gateway holds: items a teammate already revealed (or asked for and the service did not
 * have) are answered by the gateway at no charge, so they cost 0 in every price and cap check the UI shows before
 * a click. The one rule the popup, the side panel rows and the bulk quote apply; the background still asks the
 * gateway for those items on Reveal, and the ledger records what the gateway's answer says was charged.
 */
import { maxCostOfItems } from '../../api/pricing';
import type { Retrievable } from '../../api/schema-parts';
import type { DncScope } from '../../domain/do-not-contact-words';
import type { TeamHeldItem, TeamHeldPerson } from '../../protocol/shapes';

/**
 * What the team holds of one person, by item (absent: nobody on the team has it), and the do-not-contact list the
 * person is on, this browser's or the team's (then nothing is offered: neither would look them up).
 */
export type TeamHeldItems = Partial<Record<Retrievable, TeamHeldItem>> & { doNotContact?: DncScope };

/** One person's held items by item, from the background's answer; this browser's list first, as a reveal checks. */
export function heldByItem(person: TeamHeldPerson | undefined): TeamHeldItems {
  const byItem: TeamHeldItems = {};
  for (const held of person?.items ?? []) byItem[held.item] = held;
  if (person?.listedHere) byItem.doNotContact = 'local';
  else if (person?.doNotContact) byItem.doNotContact = 'team';
  return byItem;
}

/** The items of `toAsk` the gateway would charge for: those the team holds (or knows missing) are free. */
export function chargeableItems(toAsk: readonly Retrievable[], held: TeamHeldItems): Retrievable[] {
  return toAsk.filter((item) => held[item] === undefined);
}

/** The most asking for `toAsk` can cost, with what the team holds at 0. */
export function maxCostWithTeam(toAsk: readonly Retrievable[], held: TeamHeldItems): number {
  return maxCostOfItems(chargeableItems(toAsk, held));
}
