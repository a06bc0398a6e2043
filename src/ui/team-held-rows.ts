/**
 * What a team gateway holds of the people a side panel list shows (search results, a LinkedIn page's people), so
 * their rows and the bulk quote price those items at 0 before any click. Asked free (`teamHeld`, which asks
 * nothing when the connection is not a gateway) once per list shown, at most 100 people per question; kept in one
 * signal the rows read. Without an answer the full prices stay: never a lower price than the gateway confirmed.
 */
import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { formatCredits } from '../api/pricing';
import type { Retrievable } from '../api/schema-parts';
import { call } from './rpc';
import { heldByItem, type TeamHeldItems } from './team-held';
import { ITEM_LABEL } from './words/items';
import { REVEAL_TEAM_FREE } from './words/team-held';

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

/** Asks once per list shown (again when the list changes). */
export function useTeamHeld(targets: readonly TeamTarget[]): void {
  const signature = targets.map((t) => keysOf(t).join(' ')).join('|');
  // The list's identity is its signature: a new array of the same people asks nothing again.
  useEffect(() => {
    void askTeamHeld(targets);
  }, [signature]);
}

/** A row's reveal button: "Reveal · up to 6 credits", or free when the team holds all it would ask. */
export const revealLabel = (most: number) =>
  most === 0 ? REVEAL_TEAM_FREE : `Reveal · up to ${formatCredits(most)}`;

/** The items of `toAsk` the team holds, named for a row ("Personal email, Mobile phone"); empty when none. */
export function teamHeldNames(toAsk: readonly Retrievable[], team: TeamHeldItems): string {
  return toAsk
    .filter((item) => team[item]?.found)
    .map((item) => ITEM_LABEL[item])
    .join(', ');
}
