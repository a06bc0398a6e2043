/**
 * The do-not-contact list kept in this browser (without a team gateway; with one, the gateway keeps the team's): the
 * `doNotContact` store of the database (layout 2), one record an identifier of a listed person, keyed by the SHA-256
 * of this install's salt, the identifier's kind and its value, so the list holds no profile address or email. The
 * salt is random, made once per install and kept in `meta`: a copied list matches nothing elsewhere.
 *
 * The identifiers come in already in their compared form (the canonical profile URL, the candidate id, the email
 * lower-cased: `src/domain/do-not-contact.ts`); the store keeps and finds, knowing no rule. The background alone
 * writes; Options reads the entries (why, when; never whom).
 */
import * as z from 'zod/mini';
import { DNC_REASONS, type DncReasonKind } from '../../api/dnc-reasons';
import { announce } from './changes';
import { db } from './db';
import { DNC_STORE } from './do-not-contact-watch';

export { DNC_STORE };

const SALT_KEY = 'dnc-salt';

/** Why a person is listed: the gateway's reasons, so one entry means the same on both lists. */
export const LOCAL_DNC_REASONS = DNC_REASONS;
export type LocalDncReason = DncReasonKind;

/** One identifier of a person, in the form it is compared in. */
export interface DncIdentifier {
  kind: 'url' | 'id' | 'email';
  value: string;
}

export const DncRecord = z.object({
  /** SHA-256 (hex) of the salt, the kind and the value. */
  hash: z.string(),
  /** The person's entry: the records of one person share it. */
  entry: z.string(),
  kind: z.enum(['url', 'id', 'email']),
  reason: z.enum(LOCAL_DNC_REASONS),
  addedAt: z.string(),
});
export type DncRecord = z.infer<typeof DncRecord>;

/** A listed person, as Options shows them: why, when, which kinds of identifier; never whom. */
export interface DncEntry {
  entry: string;
  reason: LocalDncReason;
  addedAt: string;
  kinds: { url: number; id: number; email: number };
}

const readable = (value: unknown): DncRecord | null => {
  const parsed = z.safeParse(DncRecord, value);
  return parsed.success ? parsed.data : null;
};

/**
 * This install's salt: made once (random, 256 bits), kept in `meta`, read each time (never cached in memory, so a
 * salt can never outlive the database it hashed for).
 */
async function salt(): Promise<string> {
  const database = await db();
  const known = await database.get('meta', SALT_KEY);
  if (typeof known === 'string' && /^[0-9a-f]{64}$/.test(known)) return known;
  const tx = database.transaction('meta', 'readwrite');
  const kept = await tx.store.get(SALT_KEY);
  if (typeof kept === 'string' && /^[0-9a-f]{64}$/.test(kept)) {
    await tx.done;
    return kept;
  }
  const made = hex(crypto.getRandomValues(new Uint8Array(32)));
  await tx.store.put(made, SALT_KEY);
  await tx.done;
  return made;
}

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The salted hashes of `identifiers`, in order (Web Crypto's SHA-256). */
export async function dncHashes(identifiers: readonly DncIdentifier[]): Promise<string[]> {
  const prefix = await salt();
  return Promise.all(
    identifiers.map(async (one) => {
      const bytes = new TextEncoder().encode(`${prefix}:${one.kind}:${one.value}`);
      return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
    }),
  );
}

/** The entry (why, when) listing any of `identifiers` here, or null. */
export async function localEntryOf(identifiers: readonly DncIdentifier[]): Promise<DncEntry | null> {
  if (identifiers.length === 0) return null;
  // An empty list (most users') is known from one key, without hashing or writing anything: every reveal asks.
  if ((await (await db()).getAllKeys(DNC_STORE, null, 1)).length === 0) return null;
  const hashes = await dncHashes(identifiers);
  const database = await db();
  const tx = database.transaction(DNC_STORE);
  for (const hash of hashes) {
    const found = readable(await tx.store.get(hash));
    if (found) {
      const all = (await tx.store.index('entry').getAll(found.entry)).flatMap((v) => readable(v) ?? []);
      await tx.done;
      return entryOf(found.entry, all);
    }
  }
  await tx.done;
  return null;
}

function entryOf(entry: string, records: readonly DncRecord[]): DncEntry {
  const first = records[0]!;
  const kinds = { url: 0, id: 0, email: 0 };
  for (const record of records) kinds[record.kind] += 1;
  return { entry, reason: first.reason, addedAt: first.addedAt, kinds };
}

/**
 * Lists a person here under `identifiers`. A person already listed under any of them keeps their entry (its reason and
 * time) and gains what it lacked. Returns the entry and whether it is new.
 */
export async function listLocally(
  identifiers: readonly DncIdentifier[],
  reason: LocalDncReason,
  now = new Date(),
): Promise<{ entry: DncEntry; added: boolean }> {
  const hashes = await dncHashes(identifiers);
  const database = await db();
  const tx = database.transaction(DNC_STORE, 'readwrite');
  let known: DncRecord | null = null;
  for (const hash of hashes) {
    known = readable(await tx.store.get(hash));
    if (known) break;
  }
  const entry = known?.entry ?? crypto.randomUUID();
  const base = { entry, reason: known?.reason ?? reason, addedAt: known?.addedAt ?? now.toISOString() };
  for (const [i, hash] of hashes.entries()) {
    if (!(await tx.store.get(hash))) await tx.store.put({ hash, kind: identifiers[i]!.kind, ...base });
  }
  const all = (await tx.store.index('entry').getAll(entry)).flatMap((v) => readable(v) ?? []);
  await tx.done;
  announce({ store: DNC_STORE, keys: [entry] });
  return { entry: entryOf(entry, all), added: known === null };
}

/** Every entry listed here, newest first. */
export async function localEntries(): Promise<DncEntry[]> {
  const records = (await (await db()).getAll(DNC_STORE)).flatMap((v) => readable(v) ?? []);
  const byEntry = new Map<string, DncRecord[]>();
  for (const record of records) byEntry.set(record.entry, [...(byEntry.get(record.entry) ?? []), record]);
  return [...byEntry]
    .map(([entry, all]) => entryOf(entry, all))
    .sort((a, b) => b.addedAt.localeCompare(a.addedAt));
}

/** Takes a person off the list kept here; false when the entry was not there. */
export async function unlistLocally(entry: string): Promise<boolean> {
  const database = await db();
  const tx = database.transaction(DNC_STORE, 'readwrite');
  const keys = await tx.store.index('entry').getAllKeys(entry);
  for (const key of keys) await tx.store.delete(key);
  await tx.done;
  if (keys.length > 0) announce({ store: DNC_STORE, keys: [entry] });
  return keys.length > 0;
}
