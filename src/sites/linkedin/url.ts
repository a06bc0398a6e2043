/**
 * LinkedIn URL facts: is this a member profile, and what is its canonical `social_url`. Pure functions, shared by
 * the content script, the popup's "Profile URL" input and the context menu, so every path normalises the same way.
 *
 * Canonical form: `https://www.linkedin.com/in/<slug>` where `<slug>` is the percent-decoded path segment,
 * Unicode-NFC-normalised, lowercased, then re-encoded with `encodeURIComponent` (UTF-8, upper-case hex).
 * - Lowercased: LinkedIn serves `/in/John-Doe` and `/in/john-doe` as the same member, so the identity must not depend
 *   on how someone typed it.
 * - Percent-encoded rather than raw Unicode: it is what browsers put in `location.href` and what a recruiter copies
 *   from the address bar, it is ASCII-only (safe as a storage key, in JSON and in HTTP), and `encodeURIComponent`
 *   gives exactly one spelling (upper-case hex), so `%c3%a9`, `%C3%A9` and `é` all end up as `%C3%A9`.
 * - NFC: the same visible `é` can arrive as one code point or as `e` + a combining accent (text pasted from macOS);
 *   NFC is the web's normal form, so both spell the same key.
 */

const CANONICAL_PREFIX = 'https://www.linkedin.com/in/';

/** The service contract caps `socialUrl` at 300 characters (`ProfileDetection` in src/protocol/schemas.ts). */
const MAX_CANONICAL_LENGTH = 300;

/** LinkedIn's own limit for a public profile URL's custom part. */
const MAX_SLUG_LENGTH = 100;

/**
 * The part before `linkedin.com` on hosts that serve member profiles: none, `www.`, the mobile site `m.`, and
 * two-letter country subdomains (`uk.`, `de.`, `fr.`, `in.`, …). Other LinkedIn subdomains (`business.`,
 * `learning.`, `developer.`) serve no profiles.
 */
const PROFILE_SUBDOMAIN = /^(?:(?:www|m|[a-z]{2})\.)?$/;

/**
 * `/in/<slug>` on the desktop and `m.` sites, `/mwlite/in/<slug>` on LinkedIn Lite and `/m/in/<slug>` on the old
 * mobile web; everything after the slug (`/details/experience/`, `/overlay/contact-info/`, `/recent-activity/all/`,
 * `/edit/intro/`, a locale such as `/fr`) is a section of the same profile. Path case does not matter to LinkedIn.
 */
const PROFILE_PATH = /^\/(?:mwlite\/|m\/)?in\/([^/]+)/i;

/**
 * What real slugs are made of, after percent-decoding: letters, combining marks and digits in any script, dashes and
 * connectors (`-`, `_`), dots and apostrophes from names, and the symbols LinkedIn copies from a member's name into
 * the slug it generates: emoji (`%F0%9F%94%BA` is 🔺), with their skin-tone modifiers, variation selectors (marks)
 * and zero-width joiners. Everything else (spaces, controls, `/`, `?`, `#`, `<`, `%`, `=`, …) never appears in a
 * slug LinkedIn issues, and refusing it keeps a key free of URL and markup syntax.
 */
const SLUG = /^(?:[\p{L}\p{M}\p{N}\p{Pc}\p{Pd}\p{So}\p{Emoji_Modifier}.'’]|\u200D)+$/u;

/** `.` and `..` are path steps, not people. */
const DOTS_ONLY = /^\.+$/;

/**
 * Opaque member ids (`/in/ACoAAB…`) appear in links from search and from tools. They are case-sensitive, so the
 * lowercasing every vanity slug needs would break them, and they are not the member's public URL: LinkedIn replaces
 * them with the vanity URL once the page loads, which the content script then reports.
 */
const MEMBER_ID = /^ACoAA[\w-]+$/;

/**
 * `/in/` paths that are not one member: `me` redirects to whoever is signed in, `unavailable` is where LinkedIn sends
 * a viewer who may not see a profile.
 */
const NOT_A_MEMBER = new Set(['me', 'unavailable']);

/** Any URL scheme at the start of the input (`https:`, `ftp:`, `javascript:`), as RFC 3986 spells one. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Whether `hostname` is LinkedIn's: `linkedin.com` or any subdomain of it. Lookalikes such as
 * `linkedin.com.evil.example` or `evil-linkedin.com` are not.
 */
export function isLinkedInHost(hostname: string): boolean {
  const host = bareHost(hostname);
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
}

/** Lower case, without the trailing dot of a fully-qualified name (`www.linkedin.com.` is `www.linkedin.com`). */
function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

/**
 * The canonical `https://www.linkedin.com/in/<slug>` of a LinkedIn member profile URL (see the module comment for
 * the exact form), or null when `input` is not one.
 *
 * Accepts what a browser shows or a user pastes: surrounding whitespace, no scheme (`linkedin.com/in/x`), `http:`,
 * country and mobile hosts, any case, query, hash and trailing profile sections. Returns null for every other LinkedIn
 * page (company, school, jobs, feed, search, messaging), for `/in/` without a slug, for other hosts, for other
 * schemes, for URLs with credentials or a port, and for old `/pub/<name>/<a>/<b>/<c>` URLs: LinkedIn redirects those
 * to the member's `/in/` URL through an undocumented mapping, so guessing it could name the wrong person, while
 * opening the page lands on the `/in/` URL, which is detected.
 */
export function profileUrl(input: string): string | null {
  const url = linkedInUrl(input);
  if (url === null) return null;
  if (!PROFILE_SUBDOMAIN.test(bareHost(url.hostname).slice(0, -'linkedin.com'.length))) return null;

  const segment = PROFILE_PATH.exec(url.pathname)?.[1];
  if (segment === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment).normalize('NFC');
  } catch {
    return null; // Malformed percent-encoding (`%E0%A4%A`): not a URL LinkedIn would have produced.
  }
  if (MEMBER_ID.test(decoded)) return null;
  // Lower case can leave a letter and a combining mark apart (`İ` -> `i̇`): normal form again after it.
  const slug = decoded.toLowerCase().normalize('NFC');
  if (
    !SLUG.test(slug) ||
    DOTS_ONLY.test(slug) ||
    [...slug].length > MAX_SLUG_LENGTH ||
    NOT_A_MEMBER.has(slug)
  )
    return null;

  const canonical = CANONICAL_PREFIX + encodeURIComponent(slug);
  return canonical.length <= MAX_CANONICAL_LENGTH ? canonical : null;
}

/**
 * `input` as a URL on a LinkedIn host, or null. Accepts what a browser shows or a user pastes (surrounding
 * whitespace, no scheme, `http:`); refuses other schemes and hosts, credentials and ports.
 */
export function linkedInUrl(input: string): URL | null {
  let text = input.trim();
  if (!HAS_SCHEME.test(text)) text = `https://${text.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  return isLinkedInHost(url.hostname) ? url : null;
}

/** Whether `input` is a profile link by opaque member id (`/in/ACoAA…`), which is not a public profile URL. */
export function isMemberIdUrl(input: string): boolean {
  const url = linkedInUrl(input);
  const segment = url && PROFILE_PATH.exec(url.pathname)?.[1];
  return segment !== undefined && segment !== null && MEMBER_ID.test(segment);
}
