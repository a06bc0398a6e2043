/**
 * What was sent where: one record a contact and destination in the database's `sent` store (`db.ts`), beside the
 * contact and removed with it. A record is written before the request leaves (`state: 'sending'`) and settled with the
 * destination's answer, so a send cut off by a stopped worker is known as such, and its retry looks the person up
 * before creating anything. The background alone writes; every page reads, and hears of writes on the changes
 * channel (the keys announced are contact keys).
 */
import type { IDBPTransaction } from 'idb';
import * as z from 'zod/mini';
import { SEND_STATUSES } from '../../api/team-schema';
import { announce, onChange } from './changes';
import { db, type LensSchema } from './db';

export const SENT = 'sent';

/**
 * How a send ended. `already-sent` is a send that made no request because the person was sent there before: a bulk
 * send's item and a click's answer say it; a kept record keeps the status of the send that made it.
 */
export const SENT_STATUSES = [...SEND_STATUSES, 'already-sent'] as const;
export type SentStatus = (typeof SENT_STATUSES)[number];

export const SentRecord = z.object({
  /** `<destination id> <contact key>`. */
  key: z.string(),
  contactKey: z.string(),
  destinationId: z.string(),
  /** The destination's name when sent ("Lever"): the mark stays readable after the destination is removed. */
  label: z.string(),
  /** Written before the request; `sent` once the destination answered. */
  state: z.enum(['sending', 'sent']),
  status: z.optional(z.enum(SENT_STATUSES)),
  recordId: z.optional(z.string()),
  link: z.optional(z.string()),
  /** When first sent; the time of the latest send is {@link SentRecord.updatedAt}. */
  sentAt: z.string(),
  updatedAt: z.string(),
  /** Whether the destination already held someone with this email before the first request (said when cut off). */
  foundBefore: z.optional(z.boolean()),
  /** A teammate's name, for what the team gateway says others sent. */
  sentBy: z.optional(z.string()),
});
export type SentRecord = z.infer<typeof SentRecord>;

export const sentKey = (destinationId: string, contactKey: string) => `${destinationId} ${contactKey}`;

const readable = (value: unknown): SentRecord | null => {
  const parsed = z.safeParse(SentRecord, value);
  return parsed.success ? parsed.data : null;
};

/** The record of one contact at one destination, if any. */
export async function sentTo(destinationId: string, contactKey: string): Promise<SentRecord | null> {
  return readable(await (await db()).get(SENT, sentKey(destinationId, contactKey)));
}

/** Every send of these contacts, by contact key (those never sent are absent). */
export async function sentFor(contactKeys: readonly string[]): Promise<Map<string, SentRecord[]>> {
  const found = new Map<string, SentRecord[]>();
  if (contactKeys.length === 0) return found;
  const index = (await db()).transaction(SENT).store.index('contactKey');
  const all = await Promise.all([...new Set(contactKeys)].map((key) => index.getAll(key)));
  for (const values of all) {
    for (const record of values.map(readable)) {
      if (record?.state === 'sent')
        found.set(record.contactKey, [...(found.get(record.contactKey) ?? []), record]);
    }
  }
  // In the order they were first sent.
  for (const records of found.values()) records.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  return found;
}

/** Keeps one record (background only); announced once written. */
export async function keepSent(record: SentRecord): Promise<void> {
  await (await db()).put(SENT, z.parse(SentRecord, record));
  announce({ store: SENT, keys: [record.contactKey] });
}

/**
 * Forgets every send of these contacts (null: of every contact) in the vault's own erasure transaction, so a contact
 * and what was sent of it go together; announced once that transaction completes.
 */
export async function forgetSentIn(
  tx: IDBPTransaction<LensSchema, ['contacts', 'meta', 'sent'], 'readwrite'>,
  contactKeys: readonly string[] | null,
): Promise<void> {
  const sent = tx.objectStore(SENT);
  if (contactKeys === null) void sent.clear();
  else {
    const index = sent.index('contactKey');
    for (const contactKey of contactKeys) {
      for (const key of await index.getAllKeys(contactKey)) void sent.delete(key);
    }
  }
  void tx.done.then(() => announce({ store: SENT, keys: contactKeys ? [...contactKeys] : [] }));
}

/** Calls back with the contact keys whose sends changed; null when all were forgotten. */
export function watchSent(cb: (contactKeys: string[] | null) => void): () => void {
  return onChange((change) => {
    if (change.store === SENT) cb(change.keys.length === 0 ? null : change.keys);
  });
}
