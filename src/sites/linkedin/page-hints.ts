/**
 * The visible name and headline of a LinkedIn profile page, read as display hints only: identity is always the URL
 * (see url.ts). LinkedIn's markup changes without notice, so every read is defensive and a miss is `undefined`, never
 * an error.
 */

import { isNotAboutThePerson } from './card-lines';

/** The two hints, each absent when the page does not show it (yet). */
export interface PageHints {
  nameHint?: string;
  headlineHint?: string;
}

/** Caps from the `ProfileDetection` schema in src/protocol/schemas.ts; a longer text would make the whole report invalid. */
const MAX_NAME = 200;
const MAX_HEADLINE = 300;

/**
 * 2026's top card: a `section` whose `componentkey` is `com.linkedin.sdui.profile.card.ref<member id>Topcard`. Its
 * `h2` is the name; the page has no `h1`, and every other section's `h2` names the section ("About", "People you may
 * know").
 */
const TOP_CARD_2026 = 'section[componentkey$="Topcard"]';

/**
 * The top card's name: 2026's top card `h2`, or the profile's `h1`, never one of the site's header (LinkedIn's header
 * holds a hidden `h1`). Section pages (`/in/<slug>/details/experience/`, …) have no `h1`: there the name is in the
 * sticky mini header.
 */
const NAME = [
  `${TOP_CARD_2026} h2`,
  'main h1',
  'h1:not(header *, nav *, aside *)',
  '.pv-profile-sticky-header-v2__mini-profile-container .artdeco-entity-lockup__title',
];

/**
 * Reads the hints from `root` (the document, or any part of it). The name is the top card's `h1` (or the sticky
 * header's title); the headline is the `.text-body-medium` line of the same card (or the sticky header's subtitle),
 * so a headline-styled line elsewhere on the page is never taken. Texts are whitespace-collapsed, trimmed and cut to
 * the schema's limits.
 */
export function readPageHints(root: ParentNode): PageHints {
  let heading: Element | null = null;
  for (const selector of NAME) heading ??= root.querySelector(selector);
  if (heading === null) return {};
  const card = heading.closest('section, main, .artdeco-entity-lockup') ?? root;
  const topCard = heading.closest(TOP_CARD_2026);
  const headline = topCard
    ? lineAfter(heading, topCard)
    : (card.querySelector('.text-body-medium.break-words') ??
      card.querySelector('.text-body-medium') ??
      card.querySelector('.artdeco-entity-lockup__subtitle'));
  const hints: PageHints = {};
  const name = cleanText(heading.textContent, MAX_NAME);
  if (name !== undefined) hints.nameHint = name;
  const headlineText = cleanText(headline?.textContent, MAX_HEADLINE);
  if (headlineText !== undefined) hints.headlineHint = headlineText;
  return hints;
}

/**
 * The first `p` holding text after `element` in document order, within `card`, that is not a badge: 2026's headline
 * follows the name's block as a sibling of one of its ancestors, after the degree line ("· 1st") a connection sees,
 * pronouns or a verification mark.
 */
function lineAfter(element: Element, card: Element): Element | null {
  for (let at: Element | null = element; at && at !== card; at = at.parentElement) {
    for (let next = at.nextElementSibling; next; next = next.nextElementSibling) {
      const lines = next.matches('p') ? [next] : next.querySelectorAll('p');
      for (const line of lines) {
        const text = cleanText(line.textContent, MAX_HEADLINE);
        if (text && !isNotAboutThePerson(text)) return line;
      }
    }
  }
  return null;
}

/** Whitespace runs become one space; empty becomes undefined; too long is cut with an ellipsis within `max`. */
export function cleanText(text: string | null | undefined, max: number): string | undefined {
  const clean = text?.replace(/\s+/g, ' ').trim();
  if (!clean) return undefined;
  if (clean.length <= max) return clean;
  // Cutting between the two halves of a surrogate pair would leave a broken character.
  return `${clean.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** The `hint` cap of a reveal's location (`MESSAGE_LIMITS.hint`, src/protocol/schemas.ts). */
const MAX_LOCATION = 300;

/**
 * The place the profile's top card shows ("Boston, Massachusetts, United States"), or undefined: today's card marks it
 * `.text-body-small.inline.t-black--light` beside the headline; 2026's card has it as the first line of the block
 * just before its "Contact info" link. Kept on the contact revealed from the page (its search row would have given
 * it), so the library and its CSV have it. Section pages (`/details/…`) show no place: undefined there.
 */
export function readLocation(root: ParentNode): string | undefined {
  let heading: Element | null = null;
  for (const selector of NAME.slice(0, 3)) heading ??= root.querySelector(selector);
  if (heading === null) return undefined;
  const topCard = heading.closest(TOP_CARD_2026);
  if (topCard) {
    const contact = topCard.querySelector('a[href*="/overlay/contact-info"]')?.closest('p, div');
    const block = contact?.previousElementSibling;
    const line = block?.matches('p') ? block : block?.querySelector('p');
    return cleanText(line?.textContent, MAX_LOCATION);
  }
  const card = heading.closest('section, main') ?? root;
  return cleanText(card.querySelector('.text-body-small.inline.t-black--light')?.textContent, MAX_LOCATION);
}
