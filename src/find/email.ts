/**
 * An email address from what the user pointed at: a selected text or a `mailto:` link. Lenient about what
 * surrounds one address (`Jane Doe <jane@acme.com>`, a trailing full stop, `mailto:` with a subject), strict about
 * the address itself: anything else is refused before anything is sent.
 */
import { FIND_REFUSALS } from './words';

/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX = 254;

/** An atom of the local part (the characters RFC 5322 allows unquoted). */
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
/** A host name label; the last one (the top-level domain) must also hold a letter. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** True for a bare address `local@domain.tld` (quoted local parts and IP-literal domains are not accepted). */
export function isEmailAddress(text: string): boolean {
  if (text.length > EMAIL_MAX) return false;
  const at = text.lastIndexOf('@');
  if (at <= 0 || at !== text.indexOf('@')) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    /[a-z]/i.test(labels.at(-1)!)
  );
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * What a `mailto:` link puts in the email field: its one address when it names one, else its recipients as written
 * (the field then says what is wrong with them).
 */
export function emailFieldFromMailto(href: string): string {
  const parsed = emailFromMailto(href);
  if (parsed.ok) return parsed.value;
  const recipients = /^mailto:([^?#]*)/i.exec(href.trim())?.[1] ?? href;
  try {
    return decodeURIComponent(recipients);
  } catch {
    return recipients;
  }
}

/** The address a `mailto:` link names (its first recipient list, before `?`), or a refusal. */
export function emailFromMailto(href: string): Parsed<string> {
  const match = /^mailto:([^?#]*)/i.exec(href.trim());
  if (!match) return { ok: false, problem: FIND_REFUSALS.notEmail(href) };
  let recipients = match[1]!;
  try {
    recipients = decodeURIComponent(recipients);
  } catch {
    // A malformed escape is kept as written: the address check below refuses it.
  }
  const list = recipients
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length > 1) return { ok: false, problem: FIND_REFUSALS.severalEmails };
  return emailFromText(list[0] ?? '');
}

/**
 * The one address in a selected text: the text itself, or the address in angle brackets after a name, with
 * surrounding quotes, brackets and punctuation dropped. Domain in lower case (it is not case-sensitive).
 */
export function emailFromText(selected: string): Parsed<string> {
  const text = selected.trim().replace(/\s+/g, ' ');
  if (text === '') return { ok: false, problem: FIND_REFUSALS.emailEmpty };
  if (/^mailto:/i.test(text)) return emailFromMailto(text);
  if ((text.match(/@/g)?.length ?? 0) > 1 && /[\s,;]/.test(text))
    return { ok: false, problem: FIND_REFUSALS.severalEmails };
  const bracketed = /<([^<>\s]+)>$/.exec(text)?.[1];
  const bare = (bracketed ?? text).replace(/^[("'[<\s]+|[)"'\]>.,;:!?\s]+$/g, '');
  if (bare.length > EMAIL_MAX) return { ok: false, problem: FIND_REFUSALS.emailTooLong };
  if (!isEmailAddress(bare)) return { ok: false, problem: FIND_REFUSALS.notEmail(text) };
  const at = bare.indexOf('@');
  return { ok: true, value: `${bare.slice(0, at)}@${bare.slice(at + 1).toLowerCase()}` };
}
