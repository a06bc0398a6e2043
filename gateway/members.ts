/**
 * Members: who may use the gateway, with which key, under which caps. A member key is 32 random bytes shown once
 * when the member is added; the database keeps only its SHA-256 (a key this long needs no slow hash: it cannot be
 * guessed, only stolen, and a stolen hash does not authenticate). Every request reads the member afresh, so a
 * revocation holds on every instance from the next request on.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from './db/database';

/** Every member key starts so, which tells it apart from a service key at a glance. */
export const MEMBER_KEY_PREFIX = 'clm_';

/** Notified (on commit) when a member is revoked or their caps change: every instance forgets the keys it read. */
export const MEMBERS_CHANNEL = 'gateway_members';

export interface Member {
  id: number;
  name: string;
  dailyCap: number | null;
  monthlyCap: number | null;
  keyHint: string;
  createdAt: Date;
  revokedAt: Date | null;
}

interface MemberRow {
  id: number;
  name: string;
  daily_cap: number | null;
  monthly_cap: number | null;
  key_hint: string;
  created_at: Date;
  revoked_at: Date | null;
}

const COLUMNS = 'id, name, daily_cap, monthly_cap, key_hint, created_at, revoked_at';

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    name: row.name,
    dailyCap: row.daily_cap,
    monthlyCap: row.monthly_cap,
    keyHint: row.key_hint,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/** The stored form of a member key. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new member key: the prefix and 32 random bytes, base64url. */
export function newMemberKey(): string {
  return MEMBER_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** A member's name as typed, trimmed and with inner runs of spaces made one; an error message when it is unusable. */
export function checkName(input: string): { ok: true; name: string } | { ok: false; message: string } {
  const name = input.trim().replace(/\s+/g, ' ');
  if (name === '') return { ok: false, message: 'Give the member a name, e.g. "Alice Smith".' };
  if ([...name].length > 100) return { ok: false, message: 'A member name can be at most 100 characters.' };
  if (/[\p{Cc}]/u.test(name))
    return { ok: false, message: 'A member name cannot contain control characters.' };
  return { ok: true, name };
}

export interface Caps {
  dailyCap: number | null;
  monthlyCap: number | null;
}

/** Adds a member and returns it with its key (the only time the key exists outside the member's hands). */
export async function addMember(db: Sql, name: string, caps: Caps): Promise<{ member: Member; key: string }> {
  const existing = await findActiveMember(db, name);
  if (existing) throw new Error(`There is already a member named "${existing.name}". Choose another name.`);
  const key = newMemberKey();
  const rows = await db.query<MemberRow>(
    `insert into members (name, key_hash, key_hint, daily_cap, monthly_cap) values ($1, $2, $3, $4, $5)
     returning ${COLUMNS}`,
    [name, hashKey(key), key.slice(-4), caps.dailyCap, caps.monthlyCap],
  );
  return { member: toMember(rows[0]!), key };
}

/** The active member of this name (case aside), if any. */
export async function findActiveMember(db: Sql, name: string): Promise<Member | null> {
  const rows = await db.query<MemberRow>(
    `select ${COLUMNS} from members where lower(name) = lower($1) and revoked_at is null`,
    [name],
  );
  return rows[0] ? toMember(rows[0]) : null;
}

/** The active member with this id, read now. */
export async function readMember(db: Sql, id: number): Promise<Member | null> {
  const rows = await db.query<MemberRow>(
    `select ${COLUMNS} from members where id = $1 and revoked_at is null`,
    [id],
  );
  return rows[0] ? toMember(rows[0]) : null;
}

/** Every member, active first, then by name. */
export async function listMembers(db: Sql): Promise<Member[]> {
  const rows = await db.query<MemberRow>(
    `select ${COLUMNS} from members order by revoked_at is not null, lower(name), id`,
  );
  return rows.map(toMember);
}

/** Revokes the active member of this name; null when there is none. */
export async function revokeMember(db: Sql, name: string): Promise<Member | null> {
  // One statement: the change, and every instance told (on commit) to forget the keys it read.
  const rows = await db.query<MemberRow>(
    `with revoked as (
       update members set revoked_at = now() where lower(name) = lower($1) and revoked_at is null
       returning ${COLUMNS}
     )
     select revoked.*, pg_notify($2, '') from revoked`,
    [name, MEMBERS_CHANNEL],
  );
  return rows[0] ? toMember(rows[0]) : null;
}

/** Sets the caps given (undefined leaves one as it is; null removes it). Null when no active member has the name. */
export async function setCaps(
  db: Sql,
  name: string,
  caps: { dailyCap?: number | null; monthlyCap?: number | null },
): Promise<Member | null> {
  const rows = await db.query<MemberRow>(
    `with changed as (
       update members set
         daily_cap = case when $2 then $3::integer else daily_cap end,
         monthly_cap = case when $4 then $5::integer else monthly_cap end
       where lower(name) = lower($1) and revoked_at is null
       returning ${COLUMNS}
     )
     select changed.*, pg_notify($6, '') from changed`,
    [
      name,
      caps.dailyCap !== undefined,
      caps.dailyCap ?? null,
      caps.monthlyCap !== undefined,
      caps.monthlyCap ?? null,
      MEMBERS_CHANNEL,
    ],
  );
  return rows[0] ? toMember(rows[0]) : null;
}

/** The active member holding this key, or null (unknown or revoked). Reads the database every time. */
export async function authenticate(db: Sql, key: string): Promise<Member | null> {
  if (!key.startsWith(MEMBER_KEY_PREFIX) || key.length > 200) return null;
  const rows = await db.query<MemberRow>(
    `select ${COLUMNS} from members where key_hash = $1 and revoked_at is null`,
    [hashKey(key)],
  );
  return rows[0] ? toMember(rows[0]) : null;
}

/** {@link authenticate} with a short memory, and a way to forget it at once. */
export interface CachedAuthenticator {
  (db: Sql, key: string): Promise<Member | null>;
  /**
   * The member this instance last read for `key` (active then), however long ago, until {@link forget}; with
   * whether that reading is still within the memory's time. Only for a request whose own statement checks the
   * member again (a lookup: `gateway_begin_lookup` answers "revoked"), so it needs no round trip for the key.
   */
  remembered(key: string): { member: Member; fresh: boolean } | null;
  /** Forgets every key read (a member was revoked or their caps changed, on any instance). */
  forget(): void;
}

/**
 * {@link authenticate} with a short memory: a key's member is read again after `ttlMs`, and at once after a
 * notification on {@link MEMBERS_CHANNEL} (which revoking a member or changing caps sends, from any process), so a
 * revocation holds on every instance at once, and within `ttlMs` (under the second promised) even if a
 * notification were lost. Paid calls re-read the member under its row lock anyway (`gateway_reserve`), and a lookup
 * checks the member in its first statement, so a revoked key could at most read a free answer of
 * another endpoint in that time. Only this instance's own shortcut: nothing another instance needs.
 */
export function cachedAuthenticator(ttlMs: number, maxEntries = 10_000): CachedAuthenticator {
  const cache = new Map<string, { member: Member | null; until: number }>();
  // Bumped by forget(): a read that began before it is not kept.
  let generation = 0;
  const read = async (db: Sql, key: string): Promise<Member | null> => {
    const hash = hashKey(key);
    const now = Date.now();
    const hit = cache.get(hash);
    if (hit && hit.until > now) return hit.member;
    const began = generation;
    const member = await authenticate(db, key);
    if (began === generation) {
      if (cache.size >= maxEntries) cache.clear();
      cache.set(hash, { member, until: now + ttlMs });
    }
    return member;
  };
  return Object.assign(read, {
    remembered(key: string) {
      if (!key.startsWith(MEMBER_KEY_PREFIX) || key.length > 200) return null;
      const hit = cache.get(hashKey(key));
      return hit?.member ? { member: hit.member, fresh: hit.until > Date.now() } : null;
    },
    forget() {
      generation++;
      cache.clear();
    },
  });
}
