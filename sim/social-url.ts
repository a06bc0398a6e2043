/**
 * Matching a profile URL to a candidate the way a real service has to: people paste URLs in every form LinkedIn
 * produces. These all name the same candidate:
 *
 *   https://www.linkedin.com/in/ada-lovelace-demo
 *   http://linkedin.com/in/Ada-Lovelace-Demo/
 *   https://uk.linkedin.com/in/ada-lovelace-demo?trk=public_profile      (country subdomain, tracking query)
 *   https://m.linkedin.com/in/ada-lovelace-demo/details/experience/       (mobile host, a sub-page)
 *   www.linkedin.com/in/ada-lovelace-demo                                 (no scheme)
 *
 * Rule: scheme optional; host `linkedin.com` with an optional `www.`, `m.` or two-letter country subdomain; path
 * `/in/<slug>` followed by anything; query and fragment ignored; the slug percent-decoded and compared without
 * regard to case. Anything else (another host, `/company/…`, no slug) matches no candidate.
 */

/** The comparison key of a slug: percent-decoded, lower case. */
export function normalizeSocialSlug(slug: string): string {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // A malformed escape is kept as typed; it will simply match nothing.
  }
  return decoded.trim().toLowerCase();
}

/** The slug key a profile URL names, or null when the text is not a LinkedIn profile URL. */
export function socialUrlKey(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|[a-z]{2})\./, '');
  if (host !== 'linkedin.com') return null;
  const [section, slug] = url.pathname.split('/').filter((part) => part !== '');
  if (section?.toLowerCase() !== 'in' || !slug) return null;
  const key = normalizeSocialSlug(slug);
  return key === '' ? null : key;
}

/**
 * The user a GitHub profile URL names (`https://github.com/<user>`, with or without scheme, `www.`, a trailing slash
 * or a query), lower case; null for anything else (another host, a repository page `/<user>/<repo>`).
 */
export function gitHubUserKey(input: string): string | null {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.hostname.toLowerCase().replace(/^www\./, '') !== 'github.com') return null;
  const parts = url.pathname.split('/').filter((part) => part !== '');
  return parts.length === 1 ? parts[0]!.toLowerCase() : null;
}
