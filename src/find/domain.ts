/**
 * The company domain of a name search: offered from the page the name was selected on, editable by the user, and
 * refused when it cannot be a company's website (an IP address, a public email provider such as gmail.com, not a
 * domain at all). The page's host is offered as is, less `www.`: working out the registrable domain of every
 * country's suffixes needs the public suffix list (a library several times this page's size), and the user sees
 * and can edit the domain before anything is sent.
 */

import type { Parsed } from './email';
import { FIND_REFUSALS } from './words';

/** Public email providers: an address there says nothing about where a person works. */
export const PUBLIC_MAIL_PROVIDERS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'tuta.io',
]);

/**
 * Sites where a name on the page says nothing about the person's employer (networks, code hosts, search, media):
 * nothing is offered there, though the user may still type a domain.
 */
const NOT_AN_EMPLOYER: ReadonlySet<string> = new Set([
  'linkedin.com',
  'github.com',
  'gitlab.com',
  'google.com',
  'twitter.com',
  'x.com',
  'facebook.com',
  'instagram.com',
  'youtube.com',
  'medium.com',
  'reddit.com',
  'wikipedia.org',
  'stackoverflow.com',
  'news.ycombinator.com',
]);

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** "https://www.Acme.com:8443/team?x" → "acme.com": scheme, `www.`, port, path and a final dot dropped. */
export function normalizeDomain(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** The domain to send (normalised), null when the field is empty, or a refusal. */
export function parseCompanyDomain(typed: string): Parsed<string | null> {
  const raw = typed.trim();
  if (raw === '') return { ok: true, value: null };
  // Before normalising, which would read "[::1]" or "fe80::1" as something else: IPv6 has brackets or 2+ colons.
  const host = raw.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[/?#].*$/, '');
  if (host.startsWith('[') || (host.match(/:/g)?.length ?? 0) >= 2) {
    return { ok: false, problem: FIND_REFUSALS.domainIp(raw) };
  }
  const domain = normalizeDomain(raw);
  if (IPV4.test(domain)) return { ok: false, problem: FIND_REFUSALS.domainIp(raw) };
  const labels = domain.split('.');
  if (
    domain.length > 253 ||
    labels.length < 2 ||
    !labels.every((label) => LABEL.test(label)) ||
    !/^(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/.test(labels.at(-1)!)
  ) {
    return { ok: false, problem: FIND_REFUSALS.domainShape(raw) };
  }
  if (PUBLIC_MAIL_PROVIDERS.has(domain))
    return { ok: false, problem: FIND_REFUSALS.domainMailProvider(domain) };
  return { ok: true, value: domain };
}

/**
 * The company domain to offer for a name selected on `pageUrl`: the page's host less `www.`, or null where the
 * host cannot be an employer's site (not http(s), an IP address, `localhost`, a public mail provider, a network).
 */
export function offeredDomain(pageUrl: string | undefined): string | null {
  if (!pageUrl) return null;
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const parsed = parseCompanyDomain(url.hostname);
  if (!parsed.ok || parsed.value === null) return null;
  const host = parsed.value;
  const isUnder = (site: string) => host === site || host.endsWith(`.${site}`);
  return [...NOT_AN_EMPLOYER].some(isUnder) ? null : host;
}
