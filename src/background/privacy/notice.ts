/**
 * Recording that a contact's privacy notice was copied, on the user's click of "Copy privacy notice": free, kept on
 * the contact's record (`store/database/vault/vault-notice.ts` says why there) in the contact's turn, so a reveal of the same contact
 * under way neither loses it nor is lost. `updatedAt` is left as it was: retention and the library's "revealed"
 * date count from the reveal, not from the notice.
 */

import { fillNotice } from '../../privacy/notice';
import { noticeFacts } from '../../privacy/notice-facts';
import { noticeInForce } from '../../privacy/notice-in-force';
import type { PersonExport } from '../../privacy/person-export';
import { exportHeld } from '../../privacy/person-export-local';
import { refuseNow } from '../../protocol/result';
import { vault } from '../../store/database/vault/vault';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { vaultWrite } from '../../store/database/vault/vault-write';
import { settings } from '../../store/items/settings';
import { serialised } from '../contact-turn';

export function noteNoticeCopied(key: string, now = () => new Date().toISOString()): Promise<ContactRecord> {
  return serialised(key, async () => {
    const read = await vault.read(key);
    if (read.state !== 'ok') throw refuseNow('This contact is no longer among your revealed contacts.');
    const at = now();
    const record = read.value;
    const next: ContactRecord = { ...record, notice: { first: record.notice?.first ?? at, at } };
    await vaultWrite.put(next);
    return next;
  });
}

/**
 * Everything this browser holds about the contact (`person-export-local.ts`), made here, where the ledger, the sends
 * and the do-not-contact list are read already, so the pages do not carry those readers. Reads only: free, offline.
 */
export async function exportHeldOf(key: string): Promise<PersonExport> {
  const read = await vault.read(key);
  if (read.state !== 'ok') throw refuseNow('This contact is no longer among your revealed contacts.');
  return exportHeld(read.value);
}

/** The contact's privacy notice, filled (`notice-in-force.ts`): the page puts it on the clipboard. Free, offline. */
export async function noticeTextOf(key: string): Promise<string> {
  const read = await vault.read(key);
  if (read.state !== 'ok') throw refuseNow('This contact is no longer among your revealed contacts.');
  const [{ text, team }, { retentionDays }] = await Promise.all([noticeInForce(), settings.get()]);
  return fillNotice(text, noticeFacts(read.value, { team, retentionDays }));
}
