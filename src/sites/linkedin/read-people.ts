/**
 * Reads the people a LinkedIn page shows, from a page kind's selectors. Pure: it takes a document (or any part of
 * it) and the page's URL, touches nothing, and a miss is a missing field, never an error. LinkedIn renames and
 * obfuscates classes, so each field has selectors in order of preference, attribute-based ones among them: the first
 * that finds a non-empty value wins.
 */
import { cleanText } from './page-hints';
import { profileUrl } from './url';

/** One person as a page shows them. */
export interface PagePerson {
  name: string | null;
  headline: string | null;
  location: string | null;
  /** The member's canonical public profile URL (`/in/<slug>`), when the page itself shows it; null otherwise. */
  publicUrl: string | null;
  /** The person's page in the tool listing them (Sales Navigator lead, Recruiter profile, member-id link). */
  pageUrl: string | null;
}

/** Where a page kind finds its people; every list holds CSS selectors, most specific first. */
export interface PeopleSelectors {
  /** The element of each person. Absent, or matching nothing on a one-person page: the whole page. */
  cards?: readonly string[];
  /** A page about one person: only the first card counts. */
  single?: boolean;
  name: readonly string[];
  headline?: readonly string[];
  /** Job title and employer, joined as "title at employer" when the page has no headline. */
  title?: readonly string[];
  company?: readonly string[];
  location?: readonly string[];
  /** Links (or `<meta content>`, or text) that may hold the public profile URL. */
  publicUrl: readonly string[];
  /** Links to the person's page on LinkedIn, kept only when they name a LinkedIn page. */
  pageUrl?: readonly string[];
}

/** More than any LinkedIn page lists at once (Sales Navigator lists show up to 100 rows). */
const MAX_PEOPLE = 250;

const LINKEDIN = 'https://www.linkedin.com/';

/** The people `root` shows, by `selectors`; `pageUrl` resolves relative links. Cards without a name or link are placeholders. */
export function readPeople(root: ParentNode, pageUrl: string, selectors: PeopleSelectors): PagePerson[] {
  const cards = findCards(root, selectors);
  const people: PagePerson[] = [];
  const seen = new Set<string>();
  for (const card of cards) {
    const person = readCard(card, pageUrl, selectors);
    const key = person.publicUrl ?? person.pageUrl;
    if (person.name === null && key === null) continue;
    if (key !== null) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    people.push(person);
    if (people.length === MAX_PEOPLE) break;
  }
  return people;
}

function findCards(root: ParentNode, { cards = [], single }: PeopleSelectors): ParentNode[] {
  for (const selector of cards) {
    const found = [...root.querySelectorAll(selector)];
    if (found.length > 0) return single ? found.slice(0, 1) : found;
  }
  return cards.length === 0 || single ? [root] : [];
}

function readCard(card: ParentNode, pageUrl: string, s: PeopleSelectors): PagePerson {
  const title = firstText(card, s.title, 300);
  const company = firstText(card, s.company, 200);
  return {
    name: firstText(card, s.name, 200),
    headline:
      firstText(card, s.headline, 300) ??
      (title && company ? cleanText(`${title} at ${company}`, 300) : title) ??
      null,
    location: firstText(card, s.location, 200),
    publicUrl: firstValue(card, s.publicUrl, (value) => profileUrl(absolute(value, pageUrl) ?? '')),
    pageUrl: firstValue(card, s.pageUrl ?? [], (value) => pageLink(value, pageUrl)),
  };
}

/** The first non-empty text (or image `alt`) of `selectors` in `card`, cleaned and capped. */
function firstText(card: ParentNode, selectors: readonly string[] | undefined, max: number): string | null {
  for (const selector of selectors ?? []) {
    for (const element of card.querySelectorAll(selector)) {
      const text = cleanText(element.textContent || element.getAttribute('alt'), max);
      if (text !== undefined) return text;
    }
  }
  return null;
}

/** The first element value (`href`, `content`, else its text) that `accept` turns into a URL. */
function firstValue(
  card: ParentNode,
  selectors: readonly string[],
  accept: (value: string) => string | null,
): string | null {
  for (const selector of selectors) {
    for (const element of card.querySelectorAll(selector)) {
      const value = element.getAttribute('href') ?? element.getAttribute('content') ?? element.textContent;
      const url = value ? accept(value.trim()) : null;
      if (url !== null) return url;
    }
  }
  return null;
}

function absolute(value: string, base: string): string | null {
  try {
    return new URL(value, new URL(base, LINKEDIN)).href;
  } catch {
    return null;
  }
}

/** A link to a page on www.linkedin.com, without its query and hash (tracking parameters), or null. */
function pageLink(value: string, base: string): string | null {
  const href = absolute(value, base);
  if (href === null) return null;
  const url = new URL(href);
  return url.protocol === 'https:' && url.hostname === 'www.linkedin.com' ? url.origin + url.pathname : null;
}
