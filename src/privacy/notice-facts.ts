/** What one contact's notice states, read from the contact's record and the retention in force. */
import { countOf } from '../format/numbers';
import { regionOf } from '../retention/region';
import { EU_RULE_DAYS, underEuRule } from '../retention/rules';
import type { ContactRecord } from '../store/database/vault/vault-record';
import type { NoticeFacts } from './notice';

const days = (n: number) => countOf(n, 'day');

/**
 * How long the vault keeps a contact, in the notice's words: the rule `src/retention/rules.ts` applies to them. A
 * person under the EU rule (their location in the EU, the EEA, the UK or Switzerland, or unknown) is kept 30 days
 * unless sent to a destination, and never longer than the retention setting; anyone else, the retention setting.
 */
export function keptInWords(retentionDays: number, location?: string | null): string {
  const general = `up to ${days(retentionDays)} after they were last updated, then deleted`;
  if (retentionDays <= EU_RULE_DAYS || !underEuRule(regionOf(location))) return general;
  return `${days(EU_RULE_DAYS)} after they were last updated, unless we take your application forward (then up to ${days(retentionDays)}), then deleted`;
}

/** The items held of a person, in the notice's words: only those held (found), never one looked for and not found. */
export function heldInWords(record: ContactRecord): string[] {
  const words: string[] = [];
  if (record.name) words.push('your name');
  if (record.currentTitle || record.currentEmployer) words.push('your current role');
  if (record.email?.found) words.push('your email address');
  if (record.phone?.found) words.push('your phone number');
  if (record.detailed_profile?.found) words.push('your skills, experience and education');
  if (record.healthcare_profile?.found) words.push('your healthcare licence details');
  return words;
}

export function noticeFacts(
  record: ContactRecord,
  context: { team: string | null; retentionDays: number; fallbackName?: string | undefined },
): NoticeFacts {
  return {
    name: record.name ?? context.fallbackName ?? null,
    team: context.team,
    profile: record.socialUrl,
    items: heldInWords(record),
    kept: keptInWords(context.retentionDays, record.location),
  };
}
