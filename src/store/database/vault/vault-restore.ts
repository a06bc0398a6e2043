/**
 * A delete that can be undone: the contacts are taken out of the vault whole (each record as stored and every mark
 * of where it was sent), handed back to the page that asked, and put back as they were when the user clicks Undo.
 * Nothing is kept here between the two: the page holds what it took out for as long as it offers Undo, so once it
 * is gone the contacts are gone. Background only, like every vault write.
 */
import { announce } from '../changes';
import { db } from '../db';
import { SENT, SentRecord } from '../sent';
import { CONTACTS, inspectRecord } from './vault';
import { ContactRecord } from './vault-record';
import { removeRecords, writeRecords } from './vault-write';

/** Contacts taken out of the vault, whole: what Undo puts back. */
export interface TakenOut {
  records: ContactRecord[];
  sent: SentRecord[];
}

/**
 * Removes these contacts and what was sent of them (as `removeRecords` does), and returns them whole. A record that
 * no longer reads is removed like the others and cannot come back.
 */
export async function takeOutRecords(keys: readonly string[]): Promise<TakenOut> {
  const unique = [...new Set(keys)];
  const tx = (await db()).transaction([CONTACTS, SENT], 'readonly');
  const contacts = tx.objectStore(CONTACTS);
  const index = tx.objectStore(SENT).index('contactKey');
  const records: ContactRecord[] = [];
  const sent: SentRecord[] = [];
  for (const key of unique) {
    const read = inspectRecord(await contacts.get(key), key);
    if (read.state === 'ok') records.push(read.value);
    for (const value of await index.getAll(key)) {
      const parsed = SentRecord.safeParse(value);
      if (parsed.success) sent.push(parsed.data);
    }
  }
  await tx.done;
  await removeRecords(unique);
  return { records, sent };
}

/**
 * Puts back contacts taken out, with their sent marks. A contact revealed again since keeps its newer record (and
 * the sends made since): only what is missing comes back. Returns how many contacts came back.
 */
export async function putBackRecords(taken: TakenOut): Promise<number> {
  const records = taken.records.map((record) => ContactRecord.parse(record));
  const read = (await db()).transaction(CONTACTS);
  const there = await Promise.all(records.map((record) => read.store.getKey(record.key)));
  await read.done;
  const missing = records.filter((_, i) => there[i] === undefined);
  await writeRecords(missing);
  const back = new Set(missing.map((record) => record.key));
  const marks = taken.sent.map((mark) => SentRecord.parse(mark)).filter((mark) => back.has(mark.contactKey));
  if (marks.length > 0) {
    const tx = (await db()).transaction(SENT, 'readwrite');
    for (const mark of marks) void tx.store.put(mark);
    await tx.done;
    announce({ store: SENT, keys: [...new Set(marks.map((mark) => mark.contactKey))] });
  }
  return missing.length;
}
