/**
 * The Reveal button of a side panel list row (search results, a LinkedIn page's people), and the words every reveal
 * button of the panel shows for where a person's reveal stands (a find's chosen person reads them too).
 */
import { formatCredits } from '../../../api/pricing';
import type { ContactRecord } from '../../../store/database/vault/vault-record';
import type { RowOffer } from '../../helpers/team-held-rows';
import { SERVICE_DOWN_ID } from '../../words/service';

/** Where a person's reveal stands, as a reveal button reads it. */
export interface RevealState {
  /** The reveal priced for the person (`rowOffer`): the items left to ask, the most they cost, its words. */
  offer: Pick<RowOffer, 'items' | 'most' | 'label' | 'doNotContact'>;
  /** At least one item is chosen in the panel's reveal options. */
  chosen: boolean;
  /** A reveal of this person is under way. */
  revealing: boolean;
  /** The person waits in, or is being revealed by, a bulk reveal. */
  inBulk?: boolean;
  /** The balance is known to be below the most the reveal can cost (the service would refuse, charging nothing). */
  tooLow?: boolean;
  /** The person's last reveal got no answer and this one asks some of its items again: a choice, priced as such. */
  again?: boolean;
}

/** The words of a reveal button, the first that holds: under way, in a bulk reveal, balance too low, again, price. */
export function revealWords({ offer, chosen, revealing, inBulk, tooLow, again }: RevealState): string {
  if (offer.doNotContact) return offer.label;
  if (revealing) return 'Revealing…';
  if (inBulk) return 'In bulk reveal';
  if (tooLow) return `Balance too low · ${formatCredits(offer.most)}`;
  if (again) return `Reveal again · up to ${formatCredits(offer.most)}`;
  if (offer.items.length > 0) return offer.label;
  return chosen ? 'Revealed' : 'Choose items';
}

/** A list row's Reveal, for the person named `name` whose vault record is `record`. */
export interface RowRevealProps extends RevealState {
  name: string;
  record: ContactRecord | null;
  /** Asking again waits for the charge of the reveal that got no answer to be checked. */
  waiting?: boolean;
  /** The service cannot be reached: nothing paid is offered (the notice at the top says why). */
  unreachable?: boolean;
  onReveal: () => unknown;
}

/** Nothing left to ask and nothing under way for a person held in the vault: the row shows the contact. */
export const revealDone = ({ offer, chosen, revealing, inBulk, record }: RowRevealProps) =>
  offer.items.length === 0 && chosen && !revealing && !inBulk && record !== null;

/**
 * The row's Reveal button, named with the person for screen readers ("Reveal · up to 6 credits: Ada Lovelace").
 * Nothing left to ask and nothing under way: the row shows the contact, and the button gives way to a "Revealed"
 * only screen readers hear, rather than a disabled button.
 */
export function RowRevealButton(props: RowRevealProps) {
  const { name, waiting, unreachable, onReveal, offer, revealing, inBulk, tooLow } = props;
  const nothingToAsk = offer.items.length === 0;
  if (revealDone(props)) return <span class="visually-hidden">Revealed</span>;
  const words = revealWords(props);
  return (
    <button
      type="button"
      class="small reveal"
      data-key="reveal"
      disabled={revealing || inBulk || nothingToAsk || tooLow || waiting || unreachable}
      aria-describedby={unreachable ? SERVICE_DOWN_ID : undefined}
      aria-label={`${words}: ${name}`}
      onClick={() => void onReveal()}
    >
      {words}
    </button>
  );
}
