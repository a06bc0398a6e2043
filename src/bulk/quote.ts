/**
 * The quote of a bulk reveal, before anything is sent: the selected rows merged into one entry per person, what the
 * vault already holds of each, and the most the rest can cost. The side panel shows it; the background computes it
 * again from the vault when the user confirms, so a stale screen cannot start a dearer job than it showed.
 */
import { ITEM_PRICE } from '../api/pricing';
import type { Retrievable } from '../api/schema-parts';
import { type ContactRecord, itemsToAsk, vaultKeyFor } from '../store/database/vault/vault-record';
import type { BulkItem, BulkQuote, BulkTarget, PerItem } from './job';

/** A selected row: who (a canonical profile URL and/or a candidate id) and what to call them. */
export interface BulkCandidate {
  target: BulkTarget;
  name: string;
  title?: string | undefined;
  employer?: string | undefined;
  location?: string | undefined;
}

/**
 * Merges rows that are the same person: the same canonical profile URL, or the same candidate id (a row with only
 * an id joins the row with that id and a URL). The first row's order is kept. Maps, not objects, so any id or slug
 * (`__proto__` included) is only a key.
 */
export function mergeCandidates(candidates: readonly BulkCandidate[]): BulkCandidate[] {
  const out: BulkCandidate[] = [];
  const byUrl = new Map<string, BulkCandidate>();
  const byId = new Map<string, BulkCandidate>();
  const index = (entry: BulkCandidate) => {
    // Stryker disable next-line ConditionalExpression: an absent URL or id is never looked up, so keying it changes nothing
    if (entry.target.socialUrl) byUrl.set(entry.target.socialUrl, entry);
    // Stryker disable next-line ConditionalExpression: as above
    if (entry.target.candidateId) byId.set(entry.target.candidateId, entry);
  };
  for (const candidate of candidates) {
    const { socialUrl, candidateId } = candidate.target;
    const viaUrl = socialUrl ? byUrl.get(socialUrl) : undefined;
    const viaId = candidateId ? byId.get(candidateId) : undefined;
    const same = viaUrl ?? viaId;
    if (!same) {
      const copy: BulkCandidate = { ...candidate, target: { ...candidate.target } };
      out.push(copy);
      index(copy);
      continue;
    }
    // Two rows, one person: keep whichever identifiers either row knew.
    same.target = {
      socialUrl: same.target.socialUrl ?? socialUrl,
      candidateId: same.target.candidateId ?? candidateId,
    };
    // This row links two entries (one found by URL, one by id): they are one person too.
    if (viaUrl && viaId && viaUrl !== viaId) {
      viaUrl.target = {
        socialUrl: viaUrl.target.socialUrl,
        candidateId: viaUrl.target.candidateId ?? viaId.target.candidateId,
      };
      out.splice(out.indexOf(viaId), 1);
      // Stryker disable next-line ConditionalExpression: a later row of that URL joins an entry of the same person either way
      if (viaId.target.socialUrl) byUrl.set(viaId.target.socialUrl, viaUrl);
    }
    index(same);
  }
  return out;
}

const zero = (): PerItem => ({ email: 0, phone: 0, detailed_profile: 0, healthcare_profile: 0 });

/** Which do-not-contact list a person is on: the team's (its gateway's) or this browser's. */
export type ListedOn = 'team' | 'local';

export interface PlannedBulk {
  items: BulkItem[];
  /** The quote: a listed person is neither looked up nor counted in `toAsk` or the maximum. */
  quote: BulkQuote;
  /** Contacts to look up whose items a team gateway holds, all of them: asked of the gateway, free. */
  teamFree: number;
  /** Contacts left out for being on a do-not-contact list, by list: skipped at once, never looked up. */
  listed: Record<ListedOn, number>;
  /** Contacts left out because a single reveal of theirs got no answer and is not settled (`heldBackFor`). */
  heldBack: number;
}

/**
 * One entry per person (`people` already merged by {@link mergeCandidates}), and the quote: contacts fully held
 * (settled at once, 0 credits), contacts to ask, and the most each item can cost if every one asked for is found.
 * `recordFor` is the vault's answer for a person; `teamHeldFor`, on a team gateway, the items the team holds of them
 * (the gateway answers those free: they cost 0 in the quote); `listedFor`, the do-not-contact list a person is on:
 * such a person is skipped at once (no lookup, no credits) and left out of the quote. `heldBackFor` says whether a
 * single reveal of the person that got no answer, not settled, asked some of the items this would ask (`ask`): such
 * a person is left out the same way, so what may have been charged is not asked again before it is checked.
 */
export function planBulk(
  people: readonly BulkCandidate[],
  selection: readonly Retrievable[],
  recordFor: (person: BulkCandidate) => ContactRecord | null,
  teamHeldFor: (person: BulkCandidate) => Partial<Record<Retrievable, unknown>> = () => ({}),
  listedFor: (person: BulkCandidate) => ListedOn | null = () => null,
  // Stryker disable next-line ArrowFunction: the default's answer is only tested as a condition, where undefined is false
  heldBackFor: (person: BulkCandidate, ask: readonly Retrievable[]) => boolean = () => false,
): PlannedBulk {
  const maxByItem = zero();
  let held = 0;
  let teamFree = 0;
  let heldBack = 0;
  const listed: Record<ListedOn, number> = { team: 0, local: 0 };
  const items = people.map((person): BulkItem => {
    const record = recordFor(person);
    const on = listedFor(person);
    if (on !== null) {
      listed[on]++;
      return { ...described(person, record), state: 'failed', listed: on, charged: 0 };
    }
    const ask = itemsToAsk(record, selection);
    if (ask.length > 0 && heldBackFor(person, ask)) {
      heldBack++;
      return { ...described(person, record), state: 'failed', heldBack: true, charged: 0 };
    }
    const team = teamHeldFor(person);
    const paid = ask.filter((item) => team[item] === undefined);
    if (ask.length === 0) held++;
    else if (paid.length === 0) teamFree++;
    for (const item of paid) maxByItem[item] += ITEM_PRICE[item];
    return { ...described(person, record), state: ask.length === 0 ? 'held' : 'queued' };
  });
  const max = Object.values(maxByItem).reduce((sum, n) => sum + n, 0);
  const skipped = listed.team + listed.local + heldBack;
  return {
    items,
    quote: { contacts: items.length, held, toAsk: items.length - held - skipped, maxByItem, max },
    teamFree,
    listed,
    heldBack,
  };
}

/** A person as the job names them: the vault key, the target and the row's words. */
const described = (person: BulkCandidate, record: ContactRecord | null) => ({
  key: record?.key ?? vaultKeyFor(person.target),
  target: person.target,
  name: person.name,
  ...(person.title ? { title: person.title } : {}),
  ...(person.employer ? { employer: person.employer } : {}),
  ...(person.location ? { location: person.location } : {}),
});
