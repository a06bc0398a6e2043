/**
 * Who a do-not-contact entry names, in the form every list compares (this browser's and the team gateway's alike):
 * the canonical profile URL (the project's canonicaliser, so every form of one profile is one identifier), the
 * candidate id, each email trimmed and lower-cased. What each list says is `do-not-contact-words.ts`.
 */
import { profileUrl } from '../sites/linkedin/url';
import type { DncIdentifier } from '../store/database/do-not-contact';

/** Emails are compared lower-cased (the local part is case-sensitive by RFC 5321, never in practice). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a person is known by: any of a profile URL, a candidate id, emails. */
export interface PersonIdentifiers {
  socialUrl?: string | null | undefined;
  candidateId?: string | null | undefined;
  emails?: readonly (string | null | undefined)[] | undefined;
}

/**
 * The identifiers of a person in their compared form. With `strict`, input a person typed: anything that is not a
 * profile address or an email throws a `RangeError` in plain words; without it (a contact the extension holds), what
 * does not read is left out.
 */
export function dncIdentifiers(person: PersonIdentifiers, strict = false): DncIdentifier[] {
  const out: DncIdentifier[] = [];
  const url = person.socialUrl?.trim();
  if (url) {
    const canonical = profileUrl(url);
    if (canonical) out.push({ kind: 'url', value: canonical });
    else if (strict) {
      throw new RangeError(
        `"${url}" is not a LinkedIn profile address (expected https://www.linkedin.com/in/<name>).`,
      );
    }
  }
  const id = person.candidateId?.trim();
  if (id) out.push({ kind: 'id', value: id });
  for (const raw of person.emails ?? []) {
    if (!raw || raw.trim() === '') continue;
    const email = normaliseEmail(raw);
    if (EMAIL.test(email)) out.push({ kind: 'email', value: email });
    else if (strict) throw new RangeError(`"${raw.trim()}" is not an email address.`);
  }
  const seen = new Set<string>();
  const unique = out.filter(
    (one) => !seen.has(`${one.kind}:${one.value}`) && seen.add(`${one.kind}:${one.value}`),
  );
  if (strict && unique.length === 0)
    throw new RangeError('Give a LinkedIn profile address or an email address.');
  return unique;
}

export { DNC_REASON_WORDS, DNC_ROW_WORDS, type DncScope, dncRefusal } from './do-not-contact-words';
