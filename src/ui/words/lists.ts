/**
 * Words for a list of people and what a reveal of them did (part of `src/ui/words/`): the popup's list, the side
 * panel's rows and bulk reveal, and their receipts count the same thing the same way, and a charge is said with its
 * own time.
 */

import { countOf, formatNumber } from '../../format/numbers';
import type { SearchMode } from '../../store/database/search';
import { SEARCH_MODE_LABEL } from './items';

/** "1 contact", "5 contacts": what a bulk reveal counts, on its button, its progress and its receipt. */
export const contacts = (x: number) => countOf(x, 'contact');

/**
 * The button that starts a bulk reveal: the contacts it looks up (those already revealed are free, and counted
 * apart), and the most it can cost. "Reveal 5 contacts, up to 15 credits".
 */
export const revealContacts = (toLookUp: number, most: string) =>
  `Reveal ${contacts(toLookUp)}, up to ${most}`;

/**
 * A bulk reveal under way, counted as its button counted (the contacts to look up, not those already revealed):
 * "3 of 5 contacts".
 */
export const lookedUp = (done: number, toLookUp: number) => `${formatNumber(done)} of ${contacts(toLookUp)}`;

/**
 * Of a bulk reveal's progress, the contacts it looks up and how many of them have been (those held are not, nor
 * those skipped for a do-not-contact list).
 */
export const lookUps = (p: {
  total: number;
  settled: number;
  counts: { held: number };
  skipped: { team: number; local: number };
}) => {
  const apart = p.counts.held + p.skipped.team + p.skipped.local;
  return { done: p.settled - apart, toLookUp: p.total - apart };
};

/** The contacts a bulk reveal started from the popup looks up, while it runs. */
export const revealingContacts = (toLookUp: number) =>
  `Revealing ${contacts(toLookUp)}. You can close this: it goes on, and the toolbar badge counts.`;

/** A bulk reveal's end in one line, counted as its button counted: "2 of 5 contacts found · 6 credits". */
export const foundOfLookedUp = (found: number, toLookUp: number, charged: string) =>
  `${formatNumber(found)} of ${contacts(toLookUp)} found · ${charged}`;

/** A list's selection control, the same in the popup and the side panel (both start with no one selected). */
export const SELECT_ALL_ON_PAGE = 'Select all on this page';
export const NONE_SELECTED = 'None selected';

/**
 * A saved search, named by what it runs. Every saved search runs as filters (what the service understood of a free
 * text or a job description is frozen with it, so it is never parsed or paid for again): "Filters", "Filters from
 * free text".
 */
export function savedSearchKind(mode: SearchMode): string {
  return mode === 'filters' ? 'Filters' : `Filters from ${SEARCH_MODE_LABEL[mode].toLowerCase()}`;
}

/** "06:12" today, "21 Nov, 06:12" before: when a charge or a balance was true. */
export function whenSaid(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const today = at.toDateString() === now.toDateString();
  return at.toLocaleString('en-GB', {
    ...(today ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A balance read within this of a reveal's end is the balance that reveal left. */
const SAME_MOMENT_MS = 5_000;

/** Whether `balance` is the one a reveal ended at `finishedAt` left (read as it ended), so the two may be said together. */
export const sameMoment = (
  finishedAt: string | undefined,
  balance: { checkedAt: string } | null | undefined,
): balance is { checkedAt: string } =>
  Boolean(
    balance &&
      finishedAt &&
      Math.abs(Date.parse(balance.checkedAt) - Date.parse(finishedAt)) <= SAME_MOMENT_MS,
  );

/**
 * A reveal's charge in one line, with its own time: "Charged 9 · 06:12". The balance joins it only when it was read
 * as the reveal ended ("Charged 9 · Balance 9,991 · 06:12"); a balance read later is said apart, with its own time.
 */
export function chargeLine(
  charged: number,
  finishedAt: string | undefined,
  balance: { remaining: number; checkedAt: string } | null | undefined,
  now = new Date(),
): { charged: string; balance: string | null; at: string } {
  return {
    charged: `Charged ${formatNumber(charged)}`,
    balance: balance && sameMoment(finishedAt, balance) ? `Balance ${formatNumber(balance.remaining)}` : null,
    at: finishedAt ? whenSaid(finishedAt, now) : '',
  };
}
