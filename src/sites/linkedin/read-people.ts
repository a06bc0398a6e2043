/**
 * Reads the people a LinkedIn page shows, from a page kind's selectors. Pure: it takes a document (or any part of
 * it) and the page's URL, touches nothing, and a miss is a missing field, never an error.
 *
 * LinkedIn renames and hashes its class names often, so a reader leans on what it cannot easily change: the
 * people's own links (`/in/<slug>`, `/sales/lead/…`, `/talent/…/profile/…`), the result cards that hold them
 * (`data-view-name` attributes, ARIA roles), and the links' own text for names. Class names are the last hint.
 * Each field has selectors in order of preference, one markup generation after another: the first that finds a
 * non-empty value wins.
 */
import { isNotAboutThePerson } from './card-lines';
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
  /**
   * The result card of each person, one selector per markup generation: the first that finds any card on the page
   * is the page's generation. A card without a person link is still listed when it shows a name (LinkedIn shows
   * members outside the network as "LinkedIn Member", without a link). Absent, or matching nothing on a one-person
   * page: the whole page.
   */
  cards?: readonly string[];
  /**
   * Cards of last resort (ARIA roles), used when no `cards` selector finds any: only those holding a person link
   * count, and a card inside another is part of it.
   */
  looseCards?: readonly string[];
  /** Regions whose people are not the page's own: ads, "People also viewed", "People you may know". */
  exclude?: readonly string[];
  /** A page about one person: only the first card counts. */
  single?: boolean;
  name: readonly string[];
  /** Where the name is when neither `name` nor the person's link names them (a card with no link). */
  shownName?: readonly string[];
  /**
   * The title of a lockup that marks only its title: the headline and the location are the two text blocks after
   * the one holding it, when `headline` and `location` find nothing.
   */
  lockupTitle?: readonly string[];
  headline?: readonly string[];
  /** Job title and employer, joined as "title at employer" when the page has no headline. */
  title?: readonly string[];
  company?: readonly string[];
  location?: readonly string[];
  /** Links (or `<meta content>`, or text) that may hold the public profile URL. */
  publicUrl: readonly string[];
  /** Links to the person's page on LinkedIn, kept only when they name a LinkedIn page. */
  pageUrl?: readonly string[];
  /**
   * A card also links people it mentions ("Ada Lovelace is a mutual connection"): a link is the person's own only
   * when it names them (its text, or its picture's `alt` or label, is the card's name).
   */
  ownLinks?: boolean;
}

/** What a reader found: the people, and how many result cards it recognised (loading ones included). */
export interface PeopleRead {
  people: PagePerson[];
  cards: number;
}

/** More than any LinkedIn page lists at once (Sales Navigator lists show up to 100 rows). */
const MAX_PEOPLE = 250;

const LINKEDIN = 'https://www.linkedin.com/';

/** A link to one person: a profile (public or member id), a Sales Navigator lead, a Recruiter profile. */
export const PERSON_LINK =
  'a[href*="/in/"],a[href*="/sales/lead/"],a[href*="/sales/people/"],a[href*="/profile/"]';

/** Parts of a link that are not its visible text: icons (a "verified" badge's title) and screen-reader-only text. */
const NOT_TEXT = /^(?:svg|script|style|template)$/i;

/**
 * The people `root` shows, by `selectors`, with the number of cards recognised (so "nothing read" and "not shown
 * yet" differ); `pageUrl` resolves relative links. Cards without a name or link are placeholders.
 */
export function readPeople(root: ParentNode, pageUrl: string, selectors: PeopleSelectors): PeopleRead {
  const { cards, loose } = findCards(root, selectors);
  const people: PagePerson[] = [];
  const seen = new Map<string, PagePerson>();
  for (const card of cards) {
    const person = readCard(card, pageUrl, selectors);
    const key = person.publicUrl ?? person.pageUrl;
    if (key === null && (loose || person.name === null)) continue;
    if (key !== null) {
      const earlier = seen.get(key);
      if (earlier) {
        // The same person twice (a card split in two): keep the first, completed by what the second shows.
        for (const field of ['name', 'headline', 'location'] as const) earlier[field] ??= person[field];
        continue;
      }
      seen.set(key, person);
    }
    people.push(person);
    if (people.length === MAX_PEOPLE) break;
  }
  return { people, cards: cards.length };
}

/** The first match of `selectors` in `root` outside the excluded regions, and whether it came from `looseCards`. */
function findCards(
  root: ParentNode,
  { cards = [], looseCards = [], exclude = [], single }: PeopleSelectors,
): { cards: ParentNode[]; loose: boolean } {
  const outside = (element: Element) => !exclude.some((region) => element.closest(region));
  for (const [list, loose] of [
    [cards, false],
    [looseCards, true],
  ] as const) {
    for (const selector of list) {
      let found = [...root.querySelectorAll(selector)].filter(outside);
      if (loose) {
        found = found.filter(
          (card) =>
            card.querySelector(PERSON_LINK) && !found.some((other) => other !== card && other.contains(card)),
        );
      }
      if (found.length > 0) return { cards: single ? found.slice(0, 1) : found, loose };
    }
  }
  return { cards: cards.length === 0 || single ? [root] : [], loose: false };
}

function readCard(card: ParentNode, pageUrl: string, s: PeopleSelectors): PagePerson {
  const title = firstText(card, s.title, 300);
  const company = firstText(card, s.company, 200);
  const lockup = first(card, s.lockupTitle);
  // On a one-person page the card is the whole page, whose links name other people too.
  const name =
    firstText(card, s.name, 200) ?? (s.single ? null : linkName(card)) ?? firstText(card, s.shownName, 200);
  const own = (link: Element) => !s.ownLinks || name === null || linkName(link) === name;
  return {
    name,
    headline:
      firstText(card, s.headline, 300) ??
      (title && company ? cleanText(`${title} at ${company}`, 300) : title) ??
      following(lockup, 1, 300),
    location: firstText(card, s.location, 200) ?? following(lockup, 2, 200),
    publicUrl: firstValue(card, s.publicUrl, own, (value) => profileUrl(absolute(value, pageUrl) ?? '')),
    pageUrl: firstValue(card, s.pageUrl ?? [], own, (value) => pageLink(value, pageUrl)),
  };
}

function first(card: ParentNode, selectors: readonly string[] | undefined): Element | null {
  for (const selector of selectors ?? []) {
    const found = card.querySelector(selector);
    if (found) return found;
  }
  return null;
}

/**
 * The name a link shows: its visible text, else its picture's `alt` or label. Given a card, the name its first
 * person link shows, when nothing is shown before it: a link after text mentions someone else ("… is a mutual
 * connection"); the person's own picture and name come first.
 */
function linkName(node: ParentNode): string | null {
  if (!(node as Element).matches?.('a')) {
    const link = node.querySelector(PERSON_LINK);
    return link && !textBefore(node, link) ? linkName(link) : null;
  }
  return (
    cleanText(visibleText(node as Element), 200) ??
    cleanText(node.querySelector('img[alt]')?.getAttribute('alt'), 200) ??
    cleanText(node.querySelector('[aria-label]')?.getAttribute('aria-label'), 200) ??
    null
  );
}

/** Whether `within` shows any text before `target`, in document order. */
function textBefore(within: Node, target: Element): boolean {
  for (const child of within.childNodes) {
    if (child === target) return false;
    if (child.contains(target)) return textBefore(child, target);
    if (cleanText(child.nodeType === 1 ? visibleText(child) : child.nodeType === 3 ? child.nodeValue : '', 9))
      return true;
  }
  return false;
}

/** The text of `node` without icons and screen-reader-only parts ("View Ada's profile", a badge's "Verified"). */
export function visibleText(node: Node): string {
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeType === 3) text += child.nodeValue;
    else if (
      child.nodeType === 1 &&
      !NOT_TEXT.test((child as Element).tagName) &&
      !/visually-hidden|sr-only/.test((child as Element).getAttribute('class') ?? '')
    )
      text += visibleText(child);
  }
  return text;
}

/**
 * The text of the `n`-th block after the block holding `title` (a lockup's headline, then location), counting only
 * blocks that describe the person: a degree badge or a 2026 card's "Summary:" note is neither headline nor place.
 */
function following(title: Element | null, n: number, max: number): string | null {
  let block: Element | null = title?.closest('p') ?? title?.parentElement ?? null;
  while (block) {
    block = block.nextElementSibling;
    const text = block && cleanText(visibleText(block), max);
    if (text && !isNotAboutThePerson(text) && --n === 0) return text;
  }
  return null;
}

/** The first non-empty text (or image `alt`) of `selectors` in `card`, cleaned and capped. */
function firstText(card: ParentNode, selectors: readonly string[] | undefined, max: number): string | null {
  for (const selector of selectors ?? []) {
    for (const element of card.querySelectorAll(selector)) {
      const text = cleanText(visibleText(element) || element.getAttribute('alt'), max);
      if (text !== undefined) return text;
    }
  }
  return null;
}

/** The first value (`href`, `content`, else its text) of an element `keep` keeps that `accept` turns into a URL. */
function firstValue(
  card: ParentNode,
  selectors: readonly string[],
  keep: (element: Element) => boolean,
  accept: (value: string) => string | null,
): string | null {
  for (const selector of selectors) {
    for (const element of card.querySelectorAll(selector)) {
      if (!keep(element)) continue;
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
