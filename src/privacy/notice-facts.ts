/** What one contact's notice states, read from the contact's record and the retention in force. */
import type { ContactRecord } from '../store/vault-record';
import type { NoticeFacts } from './notice';

/** How long the vault keeps a contact, in the notice's words. */
export const keptInWords = (retentionDays: number): string =>
  `up to ${retentionDays.toLocaleString('en-US')} day${retentionDays === 1 ? '' : 's'} after they were last updated, then deleted`;

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
    kept: keptInWords(context.retentionDays),
  };
}
