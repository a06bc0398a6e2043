/** Plain words for items a team gateway says the team already holds (part of `src/ui/words/`). */
import { countOf } from '../../format/numbers';

/** Beside an item the team already holds: asking for it is answered by the gateway at no charge. */
export const TEAM_HELD_FREE = 'held by your team, free';
/** Beside an item a teammate asked for and the service did not have: asking again is answered "not found", free. */
export const TEAM_MISSING_FREE = 'not found by your team, free';
/** The cost line when every item asked is one the team already asked for: the gateway answers them free. */
export const COSTS_NOTHING_TEAM = 'Costs nothing: your team already asked for these';
/** A row's reveal button when everything it would ask is held by the team. */
export const REVEAL_TEAM_FREE = 'Reveal · held by your team, free';
/** A row's reveal button when every item it would ask is one a teammate asked for and the service did not have. */
export const REVEAL_TEAM_ASKED = 'Reveal · free, your team already asked';
/** Beside a row: "Personal email: held by your team, free". */
export const teamHeldRowNote = (items: string) => `${items}: held by your team, free`;
/** Beside a row: "Mobile phone: not found by your team, free". */
export const teamMissingRowNote = (items: string) => `${items}: ${TEAM_MISSING_FREE}`;
/** In the bulk quote: how many of the contacts to look up cost nothing because the team holds what is asked. */
export const teamFreeContacts = (n: number) => `${countOf(n, 'is', 'are')} held by your team, free.`;
