/**
 * When a contact's privacy notice was copied: a field of the contact's record (`vault-record.ts`). The notice's
 * text is `src/store/items/notice-text.ts` (apart, so the pages that read contacts do not load the stored item's machinery).
 *
 * Why a field on the contact's record and not a store of its own keyed like the vault: the notice record is about
 * the contact and must go wherever the contact goes. On the record, deleting a contact, its Undo, "Forget this
 * person" and retention's removal take it out or put it back with the rest in the same transaction, with no change
 * to any of them; in a store of its own, each of those paths would have to clear it too, and one that did not would
 * keep "we told this person on 3 Dec" with their profile address after the person was erased. The record is read
 * through zod with the field optional, so a record written before it existed reads unchanged: the database's layout
 * (`db.ts`) does not change for it. It is written like a flag: by the background, in the contact's turn, without
 * moving `updatedAt` (retention and the library's "revealed" date count from the last reveal, not from the notice).
 */
import * as z from 'zod/mini';

/** When this browser copied the contact's notice: the first time (the one Art. 14's month is about) and the last. */
export const NoticeRecord = z.object({ first: z.string(), at: z.string() });
export type NoticeRecord = z.infer<typeof NoticeRecord>;
