/**
 * The team's do-not-contact list: a listed person is never looked up through the gateway (`server/lookup.ts`) nor
 * sent to a destination (`sends.ts`), and `team/held` tells members so before they click. The list holds no contact
 * data: each identifier is kept as the SHA-256 of the team's salt (`team.dnc_salt`, random per team), its kind and
 * its value, computed by the database's `gateway_dnc_hash` (schema 003), so the check can hash what the vault holds
 * of a person (their email) in the same statement that reads it.
 *
 * The salt stops a list copied from one team's database matching anything elsewhere, and any precomputed table; it
 * does not stop someone holding this database and a person's profile address from testing whether that person is
 * listed (that is what the list is for).
 */

import { DNC_REASONS, type DncReasonKind } from '../src/api/team-schema';
import { profileUrl } from '../src/sites/linkedin/url';
import type { Sql } from './db/database';
import type { PersonKey } from './vault';

export { DNC_REASONS };
export type DncReason = DncReasonKind;

/** Each reason in words (the console, the extension and the audit log say the same). */
export const DNC_REASON_WORDS: Record<DncReason, string> = {
  objected: 'Objected to being contacted',
  erasure: 'Asked to be erased',
  client_employee: "A client's employee",
  other: 'Other reason',
};

/** One identifier of a person, in the form it is hashed in. */
export interface DncIdentifier {
  kind: 'url' | 'id' | 'email';
  value: string;
}

/** An entry of the list: never whom, only why, who listed them, when, and which kinds of identifier it holds. */
export interface DncEntry {
  id: number;
  reason: DncReason;
  addedBy: string;
  addedAt: Date;
  kinds: { url: number; id: number; email: number };
}

/** Emails are compared lower-cased and trimmed (the local part is case-sensitive by RFC 5321, never in practice). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The identifiers a person is listed under, from what was given: the profile URL made canonical (the project's
 * canonicaliser, so every form of one profile is one hash), the candidate id, each email lower-cased. Throws a
 * plain-words `RangeError` for anything that is not one of them, before anything is stored.
 */
export function dncIdentifiers(given: {
  socialUrl?: string | null | undefined;
  candidateId?: string | null | undefined;
  emails?: readonly string[] | undefined;
}): DncIdentifier[] {
  const out: DncIdentifier[] = [];
  const url = given.socialUrl?.trim();
  if (url) {
    const canonical = profileUrl(url);
    if (!canonical) {
      throw new RangeError(
        `"${url}" is not a LinkedIn profile address (expected https://www.linkedin.com/in/<name>).`,
      );
    }
    out.push({ kind: 'url', value: canonical });
  }
  const id = given.candidateId?.trim();
  if (id) out.push({ kind: 'id', value: id });
  for (const raw of given.emails ?? []) {
    if (raw.trim() === '') continue;
    const email = normaliseEmail(raw);
    if (!EMAIL.test(email)) throw new RangeError(`"${raw.trim()}" is not an email address.`);
    out.push({ kind: 'email', value: email });
  }
  const seen = new Set<string>();
  const unique = out.filter((one) => {
    const key = `${one.kind}:${one.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) throw new RangeError('Give a LinkedIn profile address or an email address.');
  return unique;
}

const ids = (identifiers: readonly DncIdentifier[]) => ({
  kinds: identifiers.map((one) => one.kind),
  values: identifiers.map((one) => one.value),
});

interface EntryRow {
  id: number;
  reason: DncReason;
  added_by: string;
  added_at: Date;
  urls: number;
  cids: number;
  emails: number;
}

const ENTRY_COLUMNS = `d.id, d.reason, d.added_by, d.added_at,
  (select count(*)::int from do_not_contact_hashes h where h.entry_id = d.id and h.kind = 'url') as urls,
  (select count(*)::int from do_not_contact_hashes h where h.entry_id = d.id and h.kind = 'id') as cids,
  (select count(*)::int from do_not_contact_hashes h where h.entry_id = d.id and h.kind = 'email') as emails`;

const toEntry = (row: EntryRow): DncEntry => ({
  id: row.id,
  reason: row.reason,
  addedBy: row.added_by,
  addedAt: new Date(row.added_at),
  kinds: { url: row.urls, id: row.cids, email: row.emails },
});

/**
 * Lists a person under `identifiers`. A person already listed under any of them keeps their entry (its reason and
 * who listed them first) and gains the identifiers it lacked. Returns the entry and whether it is new.
 */
export async function listPerson(
  db: Sql,
  identifiers: readonly DncIdentifier[],
  reason: DncReason,
  addedBy: string,
): Promise<{ entry: DncEntry; added: boolean }> {
  const { kinds, values } = ids(identifiers);
  const rows = await db.query<{ id: number; added: boolean }>(
    `with given as (
       select k, v, gateway_dnc_hash(k, v) as hash from unnest($1::text[], $2::text[]) as g(k, v)
     ), known as (
       select h.entry_id as id from do_not_contact_hashes h where h.hash in (select hash from given)
       order by h.entry_id limit 1
     ), made as (
       insert into do_not_contact (reason, added_by) select $3, $4 where not exists (select 1 from known)
       returning id
     ), entry as (
       select id, false as added from known union all select id, true from made
     ), kept as (
       insert into do_not_contact_hashes (hash, entry_id, kind)
       select given.hash, (select id from entry), given.k from given
       on conflict (hash) do nothing
     )
     select id, added from entry`,
    [kinds, values, reason, addedBy],
  );
  const row = rows[0]!;
  const entry = await readEntry(db, row.id);
  return { entry: entry!, added: row.added };
}

/** One entry by its id, or null. */
export async function readEntry(db: Sql, id: number): Promise<DncEntry | null> {
  const rows = await db.query<EntryRow>(`select ${ENTRY_COLUMNS} from do_not_contact d where d.id = $1`, [
    id,
  ]);
  return rows[0] ? toEntry(rows[0]) : null;
}

/** The entry listing any of `identifiers`, or null. */
export async function entryOf(db: Sql, identifiers: readonly DncIdentifier[]): Promise<DncEntry | null> {
  const { kinds, values } = ids(identifiers);
  const rows = await db.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from do_not_contact d where d.id = (
       select h.entry_id from do_not_contact_hashes h
       where h.hash in (select gateway_dnc_hash(k, v) from unnest($1::text[], $2::text[]) as g(k, v))
       order by h.entry_id limit 1)`,
    [kinds, values],
  );
  return rows[0] ? toEntry(rows[0]) : null;
}

/** Every entry, newest first. */
export async function listEntries(db: Sql): Promise<DncEntry[]> {
  const rows = await db.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from do_not_contact d order by d.added_at desc, d.id desc`,
  );
  return rows.map(toEntry);
}

/** Takes an entry (and every hash of it) off the list; false when there was none. */
export async function unlistEntry(db: Sql, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('delete from do_not_contact where id = $1 returning id', [id]);
  return rows.length > 0;
}

/**
 * Which of `keys` name a listed person, in the order given: by the identifier asked, by the other identifier a
 * search or an earlier lookup linked to it (`gateway_find_person`, as a lookup finds them), and by the emails the
 * team vault holds of them. One statement, reading only.
 */
export async function listedOf(db: Sql, keys: readonly PersonKey[]): Promise<boolean[]> {
  if (keys.length === 0) return [];
  const rows = await db.query<{ n: number }>(
    `with asked as (
       select a.n::int as n, a.q ->> 'u' as url, a.q ->> 'c' as cid
       from jsonb_array_elements($1::text::jsonb) with ordinality as a(q, n)
     ), found as (
       select asked.n, asked.url, asked.cid, f.social_url as f_url, f.candidate_id as f_cid, f.by_url, f.by_id
       from asked cross join lateral gateway_find_person(asked.url, asked.cid) f
     ), idents as (
       select n, 'url' as k, url as v from found where url is not null
       union all select n, 'id', cid from found where cid is not null
       union all select n, 'url', f_url from found where f_url is not null
       union all select n, 'id', f_cid from found where f_cid is not null
       union all select found.n, 'url', p.social_url from found join people p on p.id in (found.by_url, found.by_id)
         where p.social_url is not null
       union all select found.n, 'id', p.candidate_id from found join people p on p.id in (found.by_url, found.by_id)
         where p.candidate_id is not null
       union all select found.n, 'email', lower(btrim(h.value #>> '{}')) from found
         join held_items h on h.person_id in (found.by_url, found.by_id)
         where h.item = 'email' and h.found and jsonb_typeof(h.value) = 'string'
     )
     select distinct n from idents
     where exists (select 1 from do_not_contact_hashes x where x.hash = gateway_dnc_hash(idents.k, idents.v))`,
    [JSON.stringify(keys.map((key) => ({ u: key.socialUrl ?? null, c: key.candidateId ?? null })))],
  );
  const listed = new Set(rows.map((row) => row.n));
  return keys.map((_, i) => listed.has(i + 1));
}

/** Whether `key` names a listed person (see {@link listedOf}). */
export async function isListed(db: Sql, key: PersonKey): Promise<boolean> {
  return (await listedOf(db, [key]))[0] === true;
}

/** What forgetting a person did: how many items the team vault held, and where the team had sent them. */
export interface Forgotten {
  /** Whether the team vault held the person. */
  held: boolean;
  items: number;
  /** The destinations the team had sent them to, with the record's link there (to remove them there too). */
  sent: { destination: string; label: string; link: string | null }[];
}
