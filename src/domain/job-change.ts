/**
 * A job change seen for free: the title and employer a held person's LinkedIn page (or a list row) shows now,
 * compared with those revealed. Only the page's own words are used, never a paid call. LinkedIn shows a headline,
 * which people write as "Staff Engineer at Nimbus" (or "… @ Nimbus"); one that does not read that way says nothing
 * either way, so a headline such as "Building things | Speaker" is never taken for a change.
 */
import type { Observation } from '../store/database/vault/vault-flags';
import type { ContactRecord } from '../store/database/vault/vault-record';

export interface SeenJob {
  title: string;
  employer: string;
}

/** "Staff Engineer at Nimbus" -> { title, employer }; null when the headline is not a title at an employer. */
export function jobOfHeadline(headline: string | null | undefined): SeenJob | null {
  if (!headline) return null;
  // The first clause only: "Staff Engineer at Nimbus | ex-Acme" is about Nimbus.
  const clause = headline.split(/\s[|•·–—]\s|\s-\s/)[0]!.trim();
  const match = /^(.+?)\s+(?:at|@)\s+(.+)$/i.exec(clause);
  // Neither part can be empty or padded: the clause is trimmed, the title is the shortest run before the spaces
  // around "at", and the employer runs to the clause's end.
  return match ? { title: match[1]!, employer: match[2]! } : null;
}

/** Case, accents, punctuation and a company's legal ending do not make a difference. */
const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\b(inc|llc|ltd|limited|gmbh|corp|corporation|co|plc|sa|ag)\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The same words, or one the other's start ("Nimbus" and "Nimbus Cloud"): not a change. */
function same(held: string, seen: string): boolean {
  const a = plain(held);
  const b = plain(seen);
  return a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);
}

/**
 * What the page says of a held contact: a new observation when its title or employer differs from those revealed
 * (each compared only where both are known), `null` when it agrees (a kept observation is then cleared), and
 * `undefined` when it says nothing comparable.
 */
export function observe(
  record: ContactRecord,
  seen: SeenJob | null,
  at: string,
): Observation | null | undefined {
  if (!seen) return undefined;
  const employerChanged = record.currentEmployer ? !same(record.currentEmployer, seen.employer) : false;
  const titleChanged = record.currentTitle ? !same(record.currentTitle, seen.title) : false;
  if (!record.currentEmployer && !record.currentTitle) return undefined;
  return employerChanged || titleChanged ? { title: seen.title, employer: seen.employer, at } : null;
}

/** The record with what the page said kept; the same record when nothing new is to be kept. */
export function withObservation(record: ContactRecord, seen: SeenJob | null, at: string): ContactRecord {
  const next = observe(record, seen, at);
  if (next === undefined) return record;
  if (next === null) {
    if (!record.observed) return record;
    const { observed: _gone, ...rest } = record;
    return rest;
  }
  const kept = record.observed;
  if (kept && kept.title === next.title && kept.employer === next.employer) return record;
  return { ...record, observed: next };
}
