/**
 * Plain words for the items a reveal retrieves and the ways to search (part of `src/ui/words/`: every word a
 * recruiter reads about the service's names comes from this folder).
 */
import type { Retrievable } from '../../api/schema-parts';
import type { SearchMode } from '../../store/database/search';

/** The items a reveal can retrieve, as the UI names them. */
export const ITEM_LABEL: Readonly<Record<Retrievable, string>> = {
  email: 'Personal email',
  phone: 'Mobile phone',
  detailed_profile: 'Detailed profile',
  healthcare_profile: 'Healthcare data',
};

/** The items as a button names what it adds: "Add phone · 6 credits". */
export const ITEM_SHORT: Readonly<Record<Retrievable, string>> = {
  email: 'email',
  phone: 'phone',
  detailed_profile: 'detailed profile',
  healthcare_profile: 'healthcare data',
};

/**
 * What the service had nothing for, a profile it has no candidate for as much as an item it found no value of: one
 * word in the popup, the side panel, a bulk reveal's receipt, the library, the usage page and the exports (never
 * "not known to the service", which reads like a fault, nor a second name for the same thing).
 */
export const NOT_FOUND = 'Not found';

/**
 * Made once: `toLocaleDateString` with options makes a formatter at every call, which an export of 50,000 contacts
 * (a date in each "Not found" cell) paid for in seconds.
 */
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** "6 Dec": the day a lookup answered, in the short form the send marks use ("In Lever · 3 Nov"). */
export const dayMonth = (iso: string) => {
  const date = new Date(iso);
  // As `toLocaleDateString` says of a date that does not read (`format` would throw).
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : DAY_MONTH.format(date);
};

/** "Not found · 6 Dec": what the service had nothing for, with the day it said so. */
export const notFoundOn = (iso: string | null | undefined) =>
  iso ? `${NOT_FOUND} · ${dayMonth(iso)}` : NOT_FOUND;

/** "Email not found": one item the service found no value of. */
export const itemNotFound = (short: string) => `${short[0]!.toUpperCase()}${short.slice(1)} not found`;

/**
 * Asking the service again for a person it had nothing for: a choice, priced as one ("Ask again · up to 3 credits").
 */
export const askAgain = (most: string) => `Ask again · up to ${most}`;

/**
 * Asking the service anew for items held longer than the user's setting: a choice, priced as one ("Check again · up to
 * 3 credits"), never made by itself.
 */
export const checkAgain = (most: string) => `Check again · up to ${most}`;

/** "personal email, mobile phone and detailed profile": a list of items inside a sentence. */
export function itemsInWords(items: readonly Retrievable[]): string {
  const words = items.map((item) => ITEM_LABEL[item].toLowerCase());
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The three ways to search, as the UI names them. */
export const SEARCH_MODE_LABEL: Readonly<Record<SearchMode, string>> = {
  filters: 'Filters',
  free_text: 'Free text',
  jd: 'Job description',
};

/** "9,991": a credit count without its unit, for the compact billing line. */
