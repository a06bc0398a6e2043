/**
 * The notice a contact's card copies (filled by the background, which reads these already, so the pages carry none
 * of it): the team's text when the connection is a team gateway that set one, else the
 * text edited in Options, else the default; filled for the contact with the retention this browser applies.
 */

import { localNotice } from '../store/notice-text';
import { settings } from '../store/settings';
import { teamMembership } from '../store/team-membership';
import type { ContactRecord } from '../store/vault-record';
import { DEFAULT_NOTICE, fillNotice, type NoticeText } from './notice';
import { noticeFacts } from './notice-facts';

/** The text in force and the team's name (null without a gateway). */
export async function noticeInForce(): Promise<{ text: NoticeText; team: string | null }> {
  const [membership, local] = await Promise.all([teamMembership.get(), localNotice.get()]);
  if (membership) return { text: membership.notice ?? DEFAULT_NOTICE, team: membership.team };
  return { text: local ?? DEFAULT_NOTICE, team: null };
}

export async function noticeFor(record: ContactRecord, fallbackName?: string): Promise<string> {
  const [{ text, team }, { retentionDays }] = await Promise.all([noticeInForce(), settings.get()]);
  return fillNotice(text, noticeFacts(record, { team, retentionDays, fallbackName }));
}
