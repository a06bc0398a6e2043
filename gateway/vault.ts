/**
 * The team vault: what the team holds of each person, item by item, in PostgreSQL.
 *
 * A person is found by canonical profile URL (`https://linkedin.com/in/x/` and `https://www.linkedin.com/in/x` are
 * one person: `src/sites/linkedin/url.ts`) or by candidate id; the service's answer names the candidate id, which
 * is then linked to the URL, so a later lookup by either finds the same row (two rows made before the link was
 * known are merged). An item is held when the service returned it (`found`), or known missing when the service had
 * none (`found` false, asked again after `notFoundTtlMs`).
 */
import { REVEAL_ITEM } from '../src/api/pricing';
import {
  type ContactResult,
  type LookupProfile,
  type LookupRequest,
  REVEALS,
  type Retrievable,
} from '../src/api/schema';
import { profileUrl } from '../src/sites/linkedin/url';
import type { Sql } from './db/database';

/** Who a lookup names: a canonical profile URL or a candidate id (exactly one, as the service requires). */
export type PersonKey =
  | { socialUrl: string; candidateId?: undefined }
  | { candidateId: string; socialUrl?: undefined };

/** One item the team holds (or knows the service does not have) for a person. */
export interface HeldItem {
  item: Retrievable;
  found: boolean;
  value: unknown;
  /** The member who revealed it (or whose lookup found nothing). */
  by: string;
  at: Date;
  /** A standing flag says it is wrong (a teammate flagged this value, or the whole person). */
  wrong: boolean;
  /** Flagged wrong after it was bought: not counted as held, so a lookup buys it again. */
  askAgain: boolean;
}

export interface Person {
  id: number;
  socialUrl: string | null;
  candidateId: string | null;
  name: string | null;
  currentTitle: string | null;
  currentEmployer: string | null;
  notFoundAt: Date | null;
  items: Map<Retrievable, HeldItem>;
}

/**
 * The person a profile URL or candidate id names. A LinkedIn profile URL is made canonical; any other URL is kept
 * as typed (trimmed), so it still finds itself.
 */
export function personKeyOf(body: Pick<LookupRequest, 'social_url' | 'candidate_id'>): PersonKey {
  if (body.social_url !== undefined) {
    return { socialUrl: profileUrl(body.social_url) ?? body.social_url.trim() };
  }
  return { candidateId: (body.candidate_id ?? '').trim() };
}

/** The items a lookup body asks for. */
export function requestedItems(body: LookupRequest): Retrievable[] {
  return REVEALS.filter((reveal) => body[reveal] === true).map((reveal) => REVEAL_ITEM[reveal]);
}

const WHERE_KEY = (key: PersonKey) =>
  key.socialUrl !== undefined
    ? { sql: 'social_url = $1', value: key.socialUrl }
    : { sql: 'candidate_id = $1', value: key.candidateId };

export interface PersonRow {
  id: number;
  social_url: string | null;
  candidate_id: string | null;
  name: string | null;
  current_title: string | null;
  current_employer: string | null;
  not_found_at: Date | string | null;
  items: {
    item: Retrievable;
    found: boolean;
    value: unknown;
    by: string;
    at: string;
    wrong?: boolean;
    ask_again?: boolean;
  }[];
}

/** A person as read from the database (the JSON of `gateway_person`). */
export function toPerson(row: PersonRow): Person {
  return {
    id: row.id,
    socialUrl: row.social_url,
    candidateId: row.candidate_id,
    name: row.name,
    currentTitle: row.current_title,
    currentEmployer: row.current_employer,
    notFoundAt: row.not_found_at === null ? null : new Date(row.not_found_at),
    items: new Map(
      row.items.map((item) => [
        item.item,
        {
          item: item.item,
          found: item.found,
          value: item.value,
          by: item.by,
          at: new Date(item.at),
          wrong: item.wrong === true,
          askAgain: item.ask_again === true,
        },
      ]),
    ),
  };
}

/**
 * Several people at once (the free "what does the team hold" question), in the order asked; null where unknown.
 * A person is found as a lookup finds them (`gateway_find_person`, which `gateway_resolve_person` reads
 * with): by the identifier asked, or by the other one a search named with it (`search_links`), so a member asking by candidate id learns what a
 * teammate revealed by profile URL. Two rows the link names are read as one (the URL's winning item by item), as a
 * lookup would merge them, unless each already names someone else (then the identifier asked decides). One round
 * trip, reading only.
 */
export async function findPeople(db: Sql, keys: readonly PersonKey[]): Promise<(Person | null)[]> {
  const rows = await db.query<{ n: number; by_url: PersonRow | null; by_id: PersonRow | null }>(
    `with asked as (
       select a.n::int as n, a.q ->> 'u' as url, a.q ->> 'c' as cid
       from jsonb_array_elements($1::text::jsonb) with ordinality as a(q, n)
     ), found as (
       select asked.n, f.by_url as url_id, f.by_id as cid_id
       from asked cross join lateral gateway_find_person(asked.url, asked.cid) f
     )
     select n, gateway_person(url_id) as by_url,
       case when cid_id is distinct from url_id then gateway_person(cid_id) end as by_id
     from found order by n`,
    [JSON.stringify(keys.map((key) => ({ u: key.socialUrl ?? null, c: key.candidateId ?? null })))],
  );
  return keys.map((key, i) => {
    const row = rows[i];
    const byUrl = row?.by_url ? toPerson(row.by_url) : null;
    const byId = row?.by_id ? toPerson(row.by_id) : null;
    if (!byUrl || !byId) return byUrl ?? byId;
    // Each row names someone else too: the link is not enough to make them one person.
    if (byId.socialUrl !== null || byUrl.candidateId !== null)
      return key.socialUrl !== undefined ? byUrl : byId;
    return {
      ...byUrl,
      candidateId: byId.candidateId,
      name: byUrl.name ?? byId.name,
      currentTitle: byUrl.currentTitle ?? byId.currentTitle,
      currentEmployer: byUrl.currentEmployer ?? byId.currentEmployer,
      items: new Map([...byId.items, ...byUrl.items]),
    };
  });
}

/** The stored value of an item, from the service's lookup profile. */
function itemValue(item: Retrievable, profile: LookupProfile): unknown {
  switch (item) {
    case 'email':
      return profile.personal_email ?? null;
    case 'phone':
      return profile.phone_number ?? null;
    case 'detailed_profile': {
      const detail: Record<string, unknown> = {};
      for (const field of ['skills', 'experience', 'education', 'job_history'] as const) {
        if (profile[field] !== undefined) detail[field] = profile[field];
      }
      return detail;
    }
    case 'healthcare_profile':
      return profile.npi_data ?? null;
  }
}

/** The fields of a lookup profile an item's stored value fills in. */
export function profileFields(item: Retrievable, value: unknown): Partial<LookupProfile> {
  switch (item) {
    case 'email':
      return typeof value === 'string' ? { personal_email: value } : {};
    case 'phone':
      return typeof value === 'string' ? { phone_number: value } : {};
    case 'detailed_profile':
      return value && typeof value === 'object' ? (value as Partial<LookupProfile>) : {};
    case 'healthcare_profile':
      return value && typeof value === 'object' ? { npi_data: value as LookupProfile['npi_data'] } : {};
  }
}

/**
 * The service's answer to a lookup of `asked` items, as the vault keeps it (the `p_answer` of
 * `gateway_finish_lookup`): the profile's names, and every item asked, found with its value or not.
 */
export function answerToKeep(asked: readonly Retrievable[], contact: ContactResult): Record<string, unknown> {
  if (!contact.success) return { success: false, status_code: contact.status_code };
  const profile = contact.profile;
  return {
    success: true,
    candidate_id: profile.id.trim(),
    name: profile.name,
    current_title: profile.current_title,
    current_employer: profile.current_employer,
    items: asked.map((item) => {
      const found = contact.contact_data_retrieved.includes(item);
      return { item, found, value: found ? itemValue(item, profile) : null };
    }),
  };
}

/**
 * Erases a person from the team vault: their row and every item held, the search links naming them, and their
 * profile URL or id from the ledger (the ledger keeps what was charged, to whom, when). It also leaves a tombstone
 * (a SHA-256 of each identifier, for a day): a lookup of them under way now keeps nothing of its answer when it ends
 * (`gateway_finish_lookup`). Returns the number of items that were held.
 */
export async function erasePerson(
  db: { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> },
  key: PersonKey,
  /**
   * Asked once the person's row is locked, in the erasure's transaction: true keeps them and erases nothing. A caller
   * that decided to erase from an earlier read (retention) checks again here, where no send or reveal can slip in.
   */
  unlessNow?: (tx: Sql, personId: number) => Promise<boolean>,
): Promise<{ erased: boolean; items: number }> {
  return db.transaction(async (tx) => {
    const where = WHERE_KEY(key);
    const rows = await tx.query<{ id: number; social_url: string | null; candidate_id: string | null }>(
      `select id, social_url, candidate_id from people where ${where.sql} for update`,
      [where.value],
    );
    const person = rows[0];
    if (person && unlessNow && (await unlessNow(tx, person.id))) return { erased: false, items: 0 };
    const keys = [
      ...new Set(
        [key.socialUrl, key.candidateId, person?.social_url, person?.candidate_id].filter(
          (v): v is string => typeof v === 'string',
        ),
      ),
    ];
    let items = 0;
    if (person) {
      const count = await tx.query<{ n: number }>(
        'select count(*)::int as n from held_items where person_id = $1 and found',
        [person.id],
      );
      items = count[0]?.n ?? 0;
      await tx.query('delete from people where id = $1', [person.id]);
    }
    await tx.query('update ledger set subject = null where subject = any($1::text[])', [keys]);
    await tx.query(
      'delete from search_links where social_url = any($1::text[]) or candidate_id = any($1::text[])',
      [keys],
    );
    // Stamped after the person's row was locked and deleted: any flight claimed on it began before this time.
    await tx.query(
      `with pruned as (delete from erasures where erased_at < now() - interval '1 day')
       insert into erasures (key_hash, erased_at) select gateway_key_hash(k), clock_timestamp() from unnest($1::text[]) k`,
      [keys],
    );
    return { erased: person !== undefined, items };
  });
}

/**
 * Keeps the profile URL and candidate id pairs of a search answer (`search_links`, 7 days), so a lookup by either
 * names one person before any lookup linked them, with where each person is (the answer's location and country), for
 * the retention rules: a person the team vault already holds has their location set from it too. One statement for
 * the links (older links are dropped by it too), one for the people.
 */
export async function keepSearchLinks(
  db: Sql,
  profiles: readonly { id?: unknown; social_url?: unknown; location?: unknown; country?: unknown }[],
): Promise<void> {
  const urls: string[] = [];
  const ids: string[] = [];
  const places: (string | null)[] = [];
  const seen = new Set<string>();
  for (const profile of profiles) {
    if (typeof profile.social_url !== 'string') continue;
    if (typeof profile.id !== 'string' && typeof profile.id !== 'number') continue;
    const id = String(profile.id).trim();
    const url = profileUrl(profile.social_url) ?? profile.social_url.trim();
    if (id === '' || url === '' || seen.has(url)) continue;
    seen.add(url);
    urls.push(url);
    ids.push(id);
    places.push(placeOf(profile.location, profile.country));
  }
  if (urls.length === 0) return;
  await db.query(
    `with pruned as (
       delete from search_links where seen_at < now() - interval '7 days' and social_url <> all($1::text[])
     )
     insert into search_links (social_url, candidate_id, location)
       select * from unnest($1::text[], $2::text[], $3::text[])
     on conflict (social_url) do update set candidate_id = excluded.candidate_id, seen_at = now(),
       location = coalesce(excluded.location, search_links.location)`,
    [urls, ids, places],
  );
  await db.query(
    `update people p set location = l.location
     from unnest($1::text[], $2::text[], $3::text[]) as l(social_url, candidate_id, location)
     where p.social_url = l.social_url and l.location is not null and p.location is distinct from l.location`,
    [urls, ids, places],
  );
}

/** "Berlin, Germany": a search row's location, with its country when the location does not already say it. */
function placeOf(location: unknown, country: unknown): string | null {
  const where = typeof location === 'string' ? location.trim() : '';
  const land = typeof country === 'string' ? country.trim() : '';
  const text =
    land && !where.toLowerCase().includes(land.toLowerCase())
      ? [where, land].filter(Boolean).join(', ')
      : where;
  return text === '' ? null : text.slice(0, 500);
}
