/**
 * What a build of the extension is made for, read from the environment at build time (`wxt.config.ts` uses these):
 * the service it talks to and the origins it is granted, and where its public pages live.
 */

/** The local simulator: what a build targets when `WXT_API_BASE_URL` is not set. */
export const SIMULATOR_URL = 'http://127.0.0.1:8787';

/**
 * The placeholder project address a build carries when `WXT_HOMEPAGE_URL` is not set. `.example` is reserved for
 * examples (RFC 2606), so it can never be mistaken for a real site: a package for the stores sets the real one.
 */
export const PLACEHOLDER_HOMEPAGE = 'https://candidate-lens.example/';

/**
 * The Firefox add-on id a build carries when `WXT_GECKO_ID` is not set. addons.mozilla.org keeps an add-on's id for
 * good from its first upload, so a publisher sets their own (an email-like id on a domain they hold) before that.
 */
export const PLACEHOLDER_GECKO_ID = 'candidate-lens@example.org';

const LINKEDIN = ['https://*.linkedin.com/*'];
/**
 * Loopback (any port), so the simulator and the local destinations are reachable in development and tests: over
 * http, and over https for the local webhook receiver (a webhook is https only).
 */
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*', 'https://127.0.0.1/*', 'https://localhost/*'];

const isLoopback = (hostname: string) =>
  hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';

/**
 * The host permissions granted at install: LinkedIn and the service's origin (match patterns ignore the port, so
 * this covers the service on any port). A build for the simulator (or any loopback service) also gets loopback;
 * a build for a real service does not, so a store package asks for no origin it has no use for. Any other origin
 * (a team gateway, a service on loopback) is asked for as an optional permission when typed on the options page.
 */
export function grantedOrigins(apiBaseUrl: string): string[] {
  const { protocol, hostname } = new URL(apiBaseUrl);
  const service = `${protocol}//${hostname}/*`;
  return [...new Set([...LINKEDIN, ...(isLoopback(hostname) ? LOOPBACK : []), service])];
}

/**
 * The project's public address (`homepage_url`, where the stores' listings and the privacy policy point), from
 * `WXT_HOMEPAGE_URL`, or {@link PLACEHOLDER_HOMEPAGE}. It must be an https URL: both stores show it to users.
 */
export function homepageUrl(value: string | undefined): string {
  if (value === undefined || value === '') return PLACEHOLDER_HOMEPAGE;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`WXT_HOMEPAGE_URL is not a URL: "${value}". Set it to the project's https address.`);
  }
  if (url.protocol !== 'https:') {
    throw new Error(`WXT_HOMEPAGE_URL must start with https:// (the stores show it to users): "${value}".`);
  }
  return url.href;
}

/** Where users get an API key, from `WXT_API_KEY_URL` (an https page), or null when the build names none. */
export function keyPageUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `WXT_API_KEY_URL is not a URL: "${value}". Set it to the page where users get an API key.`,
    );
  }
  if (url.protocol !== 'https:') throw new Error(`WXT_API_KEY_URL must start with https://: "${value}".`);
  return url.href;
}

/** The Firefox add-on id, from `WXT_GECKO_ID`, or {@link PLACEHOLDER_GECKO_ID}; in the form Firefox accepts. */
export function geckoId(value: string | undefined): string {
  if (value === undefined || value === '') return PLACEHOLDER_GECKO_ID;
  if (value.length > 80 || !/^[a-zA-Z0-9-._]*@[a-zA-Z0-9-._]+$/.test(value)) {
    throw new Error(`WXT_GECKO_ID must look like name@your-domain.com (80 characters at most): "${value}".`);
  }
  return value;
}

/**
 * What a build still needs, in one line, when it is not ready for the stores (it targets the simulator, or carries
 * a placeholder address or add-on id); null when it is ready.
 */
export function notForStores(apiBaseUrl: string, homepage: string, addonId: string): string | null {
  const missing: string[] = [];
  if (isLoopback(new URL(apiBaseUrl).hostname))
    missing.push('WXT_API_BASE_URL (it targets the local simulator)');
  if (homepage === PLACEHOLDER_HOMEPAGE)
    missing.push(`WXT_HOMEPAGE_URL (it carries ${PLACEHOLDER_HOMEPAGE})`);
  if (addonId === PLACEHOLDER_GECKO_ID)
    missing.push(`WXT_GECKO_ID (Firefox's id is ${PLACEHOLDER_GECKO_ID})`);
  return missing.length === 0
    ? null
    : `Not a package for the stores: set ${missing.join(', ')}. See "The packages" in docs/publishing.md.`;
}
