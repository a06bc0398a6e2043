/**
 * A report of a LinkedIn page's STRUCTURE, for a page Candidate Lens could not read: what a developer needs to write
 * a fixture page of the same shape, and nothing of the page's content. It holds tag names, ARIA roles,
 * `data-view-name` values, class-name shapes (LinkedIn's readable class names as they are, hashed ones as `#`), the
 * shape of link paths (`/in/*`), counts, and where text sits (`"`); never text, names, slugs, ids, attribute values
 * other than those, or query strings. Every value written is checked against a shape that cannot hold them.
 *
 * Built in the content script, on request only, because only the page's own document holds the structure.
 */

/** LinkedIn's own names of things (class names, `data-view-name`, roles): lower case words joined by `-`/`_`. */
const CODE_NAME = /^[a-z][a-z\d]*(?:(?:--?|__?)[a-z\d]+)*$/;
/** Path segments LinkedIn routes by; any other segment (a slug, an id) is written as `*`. */
const ROUTES = new Set(
  'in details experience education skills overlay contact-info search results people sales lead lists talent hire discover manage profile recruiterSearch all company feed view'.split(
    ' ',
  ),
);
/** Segments followed by a person's or a thing's id, never a route word. */
const ID_NEXT = new Set(['in', 'lead', 'profile', 'hire', 'company', 'view']);
/** Attributes whose value is written (after the CODE_NAME check); of any other `data-`/`aria-` attribute, its name. */
const SHOWN = ['role', 'data-view-name', 'data-testid', 'data-anonymize'];
/**
 * Attributes LinkedIn's 2026 pages route by (`componentkey="SearchResults<member id>"`,
 * `componentkey="com.linkedin.sdui.profile.card.ref<member id>Topcard"`, `data-sdui-screen="…SearchResultsPeople"`),
 * written as shapes of KEY_WORDS.
 */
const KEYED = ['componentkey', 'data-sdui-screen'];
/**
 * The words a key shape keeps, case as LinkedIn writes them; anything between them (an id, a slug) is `*`. Only
 * these words and `.` can reach a report through a key, whatever the key holds.
 */
const KEY_WORDS = (
  'com linkedin sdui flagshipnav search profile card ref SearchResults People Profile Topcard About Experience ' +
  'Education Skills Top Level Section'
)
  .split(' ')
  .sort((a, b) => b.length - a.length);
/**
 * The outline's length. Depth has no limit: a 2026 result card starts 16 elements down and its name 12 further.
 * The region where people are expected is outlined first, so a long header cannot use the lines up.
 */
const MAX_LINES = 1500;
/** Where the people of a page are (results, the top card), outermost first: `main` or `role=main`. */
const PEOPLE_REGION = 'main, [role="main"]';
/** The rest of the page around that region: enough depth for its landmarks (header, rail, footer), not every leaf. */
const OUTSIDE_DEPTH = 10;

/** A code name as it is, anything else as `?`: a value that does not look like LinkedIn's code is not written. */
const codeName = (value: string): string => (CODE_NAME.test(value) && value.length <= 60 ? value : '?');

/** A class token's shape: LinkedIn's readable names as they are, hashed ones (`_2f3a9c`, `ea4a229b`) as `#`. */
function classShape(token: string): string {
  const hashed = !CODE_NAME.test(token) || (/\d/.test(token) && !/[-_]/.test(token) && token.length > 4);
  return hashed ? '#' : token;
}

/** The shape of a URL path: route words kept, slugs and ids as `*` (member ids as `ACoAA*`), no query or hash. */
export function pathShape(href: string, base = 'https://www.linkedin.com/'): string {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return '?';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return url.protocol;
  if (!/(^|\.)linkedin\.com$/.test(url.hostname)) return 'elsewhere';
  let previous = '';
  const parts = url.pathname.split('/').map((segment) => {
    const shape = ID_NEXT.has(previous)
      ? /^ACoAA/.test(segment)
        ? 'ACoAA*'
        : '*'
      : ROUTES.has(segment) || segment === ''
        ? segment
        : '*';
    previous = segment;
    return shape;
  });
  return parts.join('/');
}

/** The shape of a key: KEY_WORDS and `.` as they are, any run of other characters as one `*`. */
export function keyShape(value: string): string {
  let shape = '';
  let at = 0;
  while (at < value.length) {
    const word = value[at] === '.' ? '.' : KEY_WORDS.find((w) => value.startsWith(w, at));
    if (word !== undefined) {
      shape += word;
      at += word.length;
    } else {
      if (!shape.endsWith('*')) shape += '*';
      at++;
    }
  }
  return shape.slice(0, 120);
}

/** One element's line: `tag[role=…][data-view-name=…][aria-label].class.#` with the shape of its link. */
function describe(element: Element): string {
  let line = element.localName.replace(/[^a-z\d-]/g, '');
  for (const { name, value } of element.attributes) {
    if (SHOWN.includes(name)) line += `[${name}=${codeName(value)}]`;
    else if (KEYED.includes(name)) line += `[${name}=${keyShape(value)}]`;
    else if (name === 'href') line += `[href=${pathShape(value)}]`;
    else if (/^(?:data|aria)-[a-z\d-]+$/.test(name) || name === 'alt') line += `[${name}]`;
  }
  const shapes = [
    ...new Set((element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).map(classShape)),
  ];
  for (const shape of shapes.sort()) line += `.${shape}`;
  const hasText = [...element.childNodes].some((child) => child.nodeType === 3 && child.nodeValue?.trim());
  return hasText ? `${line} "` : line;
}

/** Counts of each value, in order of first appearance, as `value ×n`. */
function counts(values: string[]): string {
  const tally = new Map<string, number>();
  for (const value of values) tally.set(value, (tally.get(value) ?? 0) + 1);
  return [...tally].map(([value, n]) => `${value} ×${n}`).join(', ');
}

/**
 * The report of `document`'s structure, as plain text. `kind` is the page kind Candidate Lens took the page for,
 * `peopleRead` how many people it read there.
 */
export function structureReport(
  document: Document,
  url: string,
  kind: string | null,
  peopleRead: number,
): string {
  const links = [...document.querySelectorAll('a[href]')].map((a) => pathShape(a.getAttribute('href')!));
  const lines = [
    'Candidate Lens page report: the page structure only (no text, names, links or ids)',
    `page: ${kind ?? 'unknown'} at ${pathShape(url)}`,
    `people read: ${peopleRead}`,
    `person links: ${counts(links.filter((shape) => /^\/(?:in|sales|talent)\//.test(shape))) || 'none'}`,
    'outline (" marks an element holding text; ×n repeats a line n times):',
  ];
  const body = document.body ?? document.documentElement;
  const region = body.querySelector(PEOPLE_REGION);
  const tree = region
    ? [
        `where people are expected (${describe(region).replace(/ "$/, '')}, ${depthOf(region, body)} elements down):`,
        ...outline(region, 0, Number.POSITIVE_INFINITY),
        `the page around it (to ${OUTSIDE_DEPTH} elements down; "(above)" marks that region):`,
        ...outline(body, 0, OUTSIDE_DEPTH, region),
      ]
    : outline(body, 0, Number.POSITIVE_INFINITY);
  lines.push(...tree.slice(0, MAX_LINES));
  if (tree.length > MAX_LINES) lines.push(`(outline cut at ${MAX_LINES} of ${tree.length} lines)`);
  return lines.join('\n');
}

/** How many elements down from `top` `element` is. */
function depthOf(element: Element, top: Element): number {
  let depth = 0;
  for (let at = element; at !== top && at.parentElement; at = at.parentElement) depth++;
  return depth;
}

/**
 * The outline of `element` to `maxDepth`, one line per element, identical neighbouring subtrees written once with
 * their count; `above`, already outlined, is one line.
 */
function outline(element: Element, depth: number, maxDepth: number, above?: Element): string[] {
  if (/^(?:script|style|svg|template|noscript|code)$/.test(element.localName)) return [];
  const lines = [`${'  '.repeat(depth)}${describe(element)}${element === above ? ' (above)' : ''}`];
  if (depth >= maxDepth || element === above) return lines;
  let previous: string[] = [];
  let repeats = 0;
  const flush = () => {
    if (repeats > 1) previous[0] += ` ×${repeats}`;
    lines.push(...previous);
  };
  for (const child of element.children) {
    const subtree = outline(child, depth + 1, maxDepth, above);
    // A skipped element (a script) is no line at all, not an empty repeat.
    if (subtree.length === 0) continue;
    if (repeats > 0 && subtree.join('\n') === previous.join('\n')) {
      repeats++;
      continue;
    }
    flush();
    previous = subtree;
    repeats = 1;
  }
  flush();
  return lines;
}
