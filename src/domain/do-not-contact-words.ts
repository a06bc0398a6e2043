/**
 * What a do-not-contact list says, on every screen and in every refusal alike: the row text, why a reveal did
 * nothing, each reason. No runtime import, so a page pays for the words alone.
 */
import type { DncReasonKind } from '../api/dnc-reasons';

/** Which list a person is on: the team's (the gateway's) or this browser's. */
export type DncScope = 'team' | 'local';

/** The row text every screen shows for a listed person (search rows, bulk reveals, the profile). */
export const DNC_ROW_WORDS: Record<DncScope, string> = {
  team: 'On your team’s do-not-contact list',
  local: 'On your do-not-contact list',
};

/** Why a reveal or a send did nothing for a listed person: said once, with what to do. */
export const dncRefusal = (scope: DncScope): string =>
  `${DNC_ROW_WORDS[scope]}: not revealed, no credits spent.${scope === 'team' ? ' Your team’s admin can take them off the list.' : ' Take them off it in Options to reveal them.'}`;

/** Each reason in words (the gateway's console says the same). */
export const DNC_REASON_WORDS: Record<DncReasonKind, string> = {
  objected: 'Objected to being contacted',
  erasure: 'Asked to be erased',
  client_employee: 'A client’s employee',
  other: 'Other reason',
};
