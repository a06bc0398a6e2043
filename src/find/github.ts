/**
 * A GitHub profile page: `https://github.com/<user>` (with or without `www.`, a trailing slash, a tab query such
 * as `?tab=repositories`). Repository pages (`/<user>/<repo>`) and GitHub's own pages (`/settings`, `/explore`,
 * `/orgs/…`) are not profiles. An organisation's page has the same shape as a person's and cannot be told apart
 * by its URL: searched, it finds no one, which costs nothing.
 *
 * Example URLs (tested in `test/unit/find/github.test.ts`):
 *   https://github.com/octocat                      → octocat
 *   https://github.com/Octo-Cat/?tab=repositories   → Octo-Cat
 *   https://github.com/octocat/hello-world          → not a profile (a repository)
 *   https://github.com/settings/profile             → not a profile (GitHub's own page)
 *   https://gist.github.com/octocat                 → not a profile (another host)
 */

export interface GitHubProfile {
  /** The user name as the URL spells it. */
  handle: string;
  /** `https://github.com/<handle>`: the canonical profile link searched. */
  link: string;
}

/** GitHub's user-name rule: letters, digits and single inner hyphens, at most 39 characters. */
const HANDLE = /^[a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38}$/i;

/** First path segments that are GitHub's own pages, never a user. */
const RESERVED: ReadonlySet<string> = new Set([
  'about',
  'account',
  'apps',
  'blog',
  'codespaces',
  'collections',
  'contact',
  'copilot',
  'customer-stories',
  'dashboard',
  'discussions',
  'enterprise',
  'events',
  'explore',
  'features',
  'home',
  'issues',
  'join',
  'login',
  'logout',
  'marketplace',
  'models',
  'new',
  'notifications',
  'organizations',
  'orgs',
  'pricing',
  'pulls',
  'readme',
  'search',
  'security',
  'sessions',
  'settings',
  'signup',
  'site',
  'solutions',
  'sponsors',
  'stars',
  'team',
  'topics',
  'trending',
  'users',
  'watching',
]);

/** The profile a GitHub URL shows, or null when the URL is not a person's profile page. */
export function gitHubProfile(pageUrl: string | undefined | null): GitHubProfile | null {
  if (!pageUrl) return null;
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || (url.hostname !== 'github.com' && url.hostname !== 'www.github.com'))
    return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length !== 1) return null;
  const handle = parts[0]!;
  if (!HANDLE.test(handle) || RESERVED.has(handle.toLowerCase())) return null;
  return { handle, link: `https://github.com/${handle}` };
}
