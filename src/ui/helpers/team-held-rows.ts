/**
 * What a team gateway holds of the people a side panel list shows (search results, a LinkedIn page's people), so
 * their rows and the bulk quote price those items at 0 before any click, and which of them are on a do-not-contact
 * list (the team's, or this browser's: the background marks both). Asked free (`teamHeld`, which asks nothing when
 * the service connection is not a gateway) once per list shown, at most 100 people per question; kept in one signal
 * the rows read. Without an answer the full prices stay: never a lower price than the gateway confirmed.
 */
import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { formatCredits } from '../../api/pricing';
import type { Retrievable } from '../../api/schema-parts';
import { DNC_ROW_WORDS } from '../../domain/do-not-contact-words';
import { watchDoNotContact } from '../../store/database/do-not-contact-watch';
import { type ContactRecord, itemsToAsk } from '../../store/database/vault/vault-record';
import { call } from '../rpc';
import { ITEM_LABEL } from '../words/items';
import { REVEAL_TEAM_ASKED, REVEAL_TEAM_FREE, teamHeldRowNote, teamMissingRowNote } from '../words/team-held';
import { heldByItem, maxCostWithTeam, type TeamHeldItems } from './team-held';

/** The gateway takes at most this many people per question (`HELD_MAX_PEOPLE`, kept out of the panel's bundle). */
const PER_QUESTION = 100;

/** A person as a list row names them: a canonical profile URL and/or a candidate id. */
export interface TeamTarget {
  socialUrl?: string | null;
  candidateId?: string | null;
}

const NOTHING: TeamHeldItems = {};
/** By `u:<profile URL>` and `i:<candidate id>`: a row found by either identifier gets the answer. */
const held = signal<ReadonlyMap<string, TeamHeldItems>>(new Map());

const keysOf = (t: TeamTarget) => [
  ...(t.socialUrl ? [`u:${t.socialUrl}`] : []),
  ...(t.candidateId ? [`i:${t.candidateId}`] : []),
];

/** What the team holds of one person, as last asked (nothing known: an empty record, full prices). */
export function teamHeldFor(target: TeamTarget): TeamHeldItems {
  const map = held.value;
  for (const key of keysOf(target)) {
    const found = map.get(key);
    if (found) return found;
  }
  return NOTHING;
}

/** Asks the gateway (free) what the team holds of `targets`, and keeps the answers for their rows. */
export async function askTeamHeld(targets: readonly TeamTarget[]): Promise<void> {
  const asked = targets.filter((t) => t.socialUrl || t.candidateId);
  for (let start = 0; start < asked.length; start += PER_QUESTION) {
    const chunk = asked.slice(start, start + PER_QUESTION);
    const people = chunk.map((t) => ({ socialUrl: t.socialUrl ?? null, candidateId: t.candidateId ?? null }));
    const result = await call('teamHeld', { people });
    // Not a gateway: an empty answer; no answer: the full prices stay.
    if (!result.ok || result.value.length === 0) continue;
    const next = new Map(held.value);
    chunk.forEach((target, i) => {
      const byItem = heldByItem(result.value[i]);
      for (const key of keysOf(target)) next.set(key, byItem);
    });
    held.value = next;
  }
}

/**
 * Asks once per list shown, again when the list changes, and again when someone is put on or taken off this
 * browser's do-not-contact list (a "Forget this person" in another page), so an open list marks them at once.
 */
export function useTeamHeld(targets: readonly TeamTarget[]): void {
  const signature = targets.map((t) => keysOf(t).join(' ')).join('|');
  // The list's identity is its signature: a new array of the same people asks nothing again.
  useEffect(() => {
    void askTeamHeld(targets);
    return watchDoNotContact(() => void askTeamHeld(targets));
  }, [signature]);
}

/** A list row's reveal: the items to ask, the most they can cost, its button and what to say about the team. */
export interface RowOffer {
  /** The items of the selection the extension's vault does not hold yet. */
  items: Retrievable[];
  /** The most asking for them can cost, with what the team holds or knows missing at 0. */
  most: number;
  /** The reveal button's words ("Reveal · up to 6 credits", or free when the team answers everything). */
  label: string;
  /** Beside the row: the items the team holds and those it knows missing, free; null when none. */
  teamNote: string | null;
  /** On a do-not-contact list (this browser's or the team's): nothing is offered, `label` says which. */
  doNotContact?: true;
}

/**
 * The one pricing rule of the side panel's list rows (search results, a LinkedIn page's people, a find's people):
 * the items of `selection` not held in `record`, priced with what the team holds.
 */
export function rowOffer(
  record: ContactRecord | null,
  selection: readonly Retrievable[],
  team: TeamHeldItems,
): RowOffer {
  // Nothing to ask and nothing to pay for a person no reveal will look up; the row says why instead of a price.
  if (team.doNotContact)
    return {
      items: [],
      most: 0,
      label: DNC_ROW_WORDS[team.doNotContact],
      teamNote: null,
      doNotContact: true,
    };
  const items = itemsToAsk(record, selection);
  const most = maxCostWithTeam(items, team);
  const held = items.filter((item) => team[item]?.found === true);
  const missing = items.filter((item) => team[item]?.found === false);
  const names = (list: Retrievable[]) => list.map((item) => ITEM_LABEL[item]).join(', ');
  const notes = [
    ...(held.length > 0 ? [teamHeldRowNote(names(held))] : []),
    ...(missing.length > 0 ? [teamMissingRowNote(names(missing))] : []),
  ];
  const label =
    most > 0
      ? `Reveal · up to ${formatCredits(most)}`
      : held.length > 0
        ? REVEAL_TEAM_FREE
        : REVEAL_TEAM_ASKED;
  return { items, most, label, teamNote: notes.length > 0 ? notes.join('; ') : null };
}
