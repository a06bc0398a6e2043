/** The service base URL as the user types it, checked and normalised before anything is sent or stored. */

export type BaseUrlCheck = { ok: true; baseUrl: string; origin: string } | { ok: false; message: string };

/**
 * Whether `hostname` (as `URL` gives it) is this computer: `localhost` (and its subdomains, which RFC 6761 §6.3 and
 * browsers resolve to loopback only), 127.0.0.0/8, or `[::1]`. Only there may a key travel over plain http: it never
 * crosses a network.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * https (http only for this computer: see {@link isLoopbackHost}), no credentials, no query or hash; a trailing
 * slash or a pasted `/v1` is dropped (the client adds it).
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter the service address, e.g. https://api.example.com.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      message: `"${text}" is not a valid URL. Enter the service address, e.g. https://api.example.com.`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `The service address must start with https:// (got ${url.protocol}).` };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      message: `The service address must start with https://: over http:// your key would cross the network unencrypted (http:// is accepted only for this computer, e.g. http://127.0.0.1).`,
    };
  }
  if (url.username || url.password)
    return { ok: false, message: 'The service address must not contain a user name or password.' };
  if (url.search || url.hash)
    return { ok: false, message: 'The service address must not contain a query or fragment.' };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { ok: true, baseUrl: `${url.origin}${path}`, origin: url.origin };
}

/** The host-permission pattern that covers a base URL's origin (match patterns ignore the port). */
export function originPattern(origin: string): string {
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}
