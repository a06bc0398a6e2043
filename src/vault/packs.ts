/**
 * Export packs: what the library's exports need of each contact, packed many to a stored string, so exporting
 * 50,000 contacts reads a few hundred strings instead of 50,000 records. Measured in Chromium at 10,000 contacts:
 * storage hands back 10,000 separate records in ~1.2 s, the same records packed in ~0.27 s (and splitting and
 * parsing them takes ~20 ms); reading records one by one is what made a 50,000-contact export take tens of seconds.
 *
 * A pack is a copy kept beside the vault, never the vault itself: the vault's records stay where every other reader
 * finds them, and the background's index writer (`src/background/contacts-index-writer.ts`) keeps each pack in step
 * with them in the same storage write as the library index. A contact a pack does not hold (a pack not built yet,
 * or one that does not read) is read from the vault, as before packs existed, so an export is never short.
 *
 * Stored shape (version 1): pack `n` of {@link PACKS} is one string, `v1` then a line per contact, `JSON key TAB JSON
 * entry` (JSON never holds a raw tab or line break, so lines and fields split safely); the entry is what an export
 * writes of the contact, in a short array (see {@link packEntry}).
 */
import * as z from 'zod/mini';
import { NpiData } from '../api/schema-parts';
import { hashOf, SHARDS } from '../contacts-index';
import { PREFIXES } from '../store/keys';
import { readPacks } from '../store/vault-packs';
import type { ContactRecord } from '../store/vault-record';

/** How many packs: four to each index shard, so one reveal rewrites a 256th of them. */
export const PACKS = SHARDS * 4;
/** Storage key of pack `n` (the background's index writer writes packs beside the index, in one storage call). */
export const packKey = (n: number) => PREFIXES.contactsPack.name(n);
/** Storage key of the mark that every pack has been built from the vault (its value is the packs' version). */
export const PACKS_BUILT_KEY = PREFIXES.contactsPack.name('built');
/** The version line every pack starts with. */
const VERSION = 'v1';
/** The version {@link PACKS_BUILT_KEY} holds once every pack is built. */
export const PACKS_VERSION = 1;

/** The pack a vault key is in. Pack `n` belongs to index shard `n % SHARDS` (PACKS is a multiple of SHARDS). */
export const packOf = (key: string): number => hashOf(key) % PACKS;
/** The packs of index shard `shard`. */
export const packsOfShard = (shard: number): number[] =>
  Array.from({ length: PACKS / SHARDS }, (_, i) => shard + i * SHARDS);

/** A pack in hand: JSON of the vault key -> JSON of the exported record. */
export type Pack = Map<string, string>;

/** The pack's key for a vault key. */
export const packEntryKey = (key: string) => JSON.stringify(key);

/**
 * A pack entry's record: `[social URL (true: the same as the vault key), candidate id, name, title, employer, email,
 * phone, skills, NPI data, location?]`, each null when absent (the location left off), and email, phone, skills and
 * NPI data only when found: an export
 * writes nothing else, and leaving out the rest (dates, "not found" marks, the detailed profile beyond its skills)
 * makes a pack about a third of the records it copies.
 */
const Entry = z.tuple([
  z.union([z.literal(true), z.string(), z.null()]),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.nullable(z.array(z.unknown())),
  z.nullable(NpiData),
  z.optional(z.string()),
]);
type Entry = z.infer<typeof Entry>;

const found = <T>(state: { found: true; value: T } | { found: false } | undefined): T | null =>
  state?.found ? state.value : null;

/** The pack entry of a record: its key and what an export needs of it, as stored. */
export function packEntry(record: ContactRecord): [string, string] {
  const entry: Entry = [
    record.socialUrl === record.key ? true : record.socialUrl,
    record.candidateId,
    record.name,
    record.currentTitle,
    record.currentEmployer,
    found(record.email),
    found(record.phone),
    found(record.detailed_profile)?.skills ?? null,
    found(record.healthcare_profile),
  ];
  if (record.location) entry[9] = record.location;
  return [packEntryKey(record.key), JSON.stringify(entry)];
}

/**
 * A record as an export sees it: what the pack keeps of it, in the vault's shape (dates empty, a detailed profile
 * with its skills alone), so the exports write it with the same code as a full record.
 */
export function exported(record: ContactRecord): ContactRecord {
  const [key, text] = packEntry(record);
  return packedRecord(JSON.parse(key), text)!;
}

/** A stored pack, or null when there is none or it is not version 1 (the vault is read instead). */
export function readPack(value: unknown): Pack | null {
  if (typeof value !== 'string') return null;
  const lines = value.split('\n');
  if (lines[0] !== VERSION) return null;
  const pack: Pack = new Map();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const tab = line.indexOf('\t');
    if (tab > 0) pack.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return pack;
}

/** A pack as stored. */
export function writePack(pack: Pack): string {
  const lines = [VERSION];
  for (const [key, record] of pack) lines.push(`${key}\t${record}`);
  return lines.join('\n');
}

/** A pack entry as a record for the exports, or null when it does not read (the vault is read instead). */
export function packedRecord(key: string, text: string): ContactRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = z.safeParse(Entry, value);
  if (!parsed.success) return null;
  const [socialUrl, candidateId, name, currentTitle, currentEmployer, email, phone, skills, npi, location] =
    parsed.data;
  const at = '';
  return {
    v: 1,
    key,
    socialUrl: socialUrl === true ? key : socialUrl,
    candidateId,
    name,
    currentTitle,
    currentEmployer,
    ...(location === undefined ? {} : { location }),
    ...(email === null ? {} : { email: { found: true, value: email, at } }),
    ...(phone === null ? {} : { phone: { found: true, value: phone, at } }),
    ...(skills === null
      ? {}
      : {
          detailed_profile: {
            found: true,
            value: { skills, experience: [], education: [], job_history: [] },
            at,
          },
        }),
    ...(npi === null ? {} : { healthcare_profile: { found: true, value: npi, at } }),
    updatedAt: at,
  };
}

/** Packs read per storage call: progress between calls, and never the whole set of packs in one answer. */
const PACKS_PER_READ = 16;

/**
 * The packed records of these vault keys (key -> JSON of the record), reading only the packs that hold them, a few
 * per storage call, and telling `onRead` after each call how many have been found so far. A key missing here is
 * read from the vault by the caller.
 */
export async function packedRecords(
  keys: readonly string[],
  onRead: (found: number) => void | Promise<void> = () => {},
): Promise<Map<string, string>> {
  const wanted = new Map<number, string[]>();
  for (const key of keys) {
    const n = packOf(key);
    const list = wanted.get(n);
    if (list) list.push(key);
    else wanted.set(n, [key]);
  }
  const numbers = [...wanted.keys()].sort((a, b) => a - b);
  const found = new Map<string, string>();
  for (let at = 0; at < numbers.length; at += PACKS_PER_READ) {
    const some = numbers.slice(at, at + PACKS_PER_READ);
    const stored = await readPacks(some);
    for (const n of some) {
      const pack = readPack(stored.get(n));
      if (!pack) continue;
      for (const key of wanted.get(n)!) {
        const record = pack.get(packEntryKey(key));
        if (record !== undefined) found.set(key, record);
      }
    }
    await onRead(found.size);
  }
  return found;
}
