/**
 * The privacy notice's text in force: the team's when the service connection is a team gateway that set one, else the
 * text edited in Options, else the default. The worker fills it for a contact (`background/privacy/notice.ts`); Options shows
 * it.
 */

import { localNotice } from '../store/items/notice-text';
import { teamMembership } from '../store/items/team-membership';
import { DEFAULT_NOTICE, type NoticeText } from './notice';

/** The text in force and the team's name (null without a gateway). */
export async function noticeInForce(): Promise<{ text: NoticeText; team: string | null }> {
  const [membership, local] = await Promise.all([teamMembership.get(), localNotice.get()]);
  if (membership) return { text: membership.notice ?? DEFAULT_NOTICE, team: membership.team };
  return { text: local ?? DEFAULT_NOTICE, team: null };
}
