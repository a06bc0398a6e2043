/**
 * Signing in to the console: a one-time link the command line prints (`admin link`), redeemed once for a session
 * whose token lives only in an HttpOnly cookie, with a CSRF token its writes must carry. Tokens are 32 random bytes;
 * the database keeps only their SHA-256 (as for member keys: a token this long cannot be guessed, only stolen).
 * Failed sign-ins are counted per address in the database, so every instance limits them alike.
 */
import { randomBytes } from 'node:crypto';
import { appendAudit } from '../audit';
import type { Database, Sql } from '../db/database';
import { hashKey, MEMBER_KEY_PREFIX } from '../members';

/** A sign-in link works once, for this long. */
export const LINK_TTL_MS = 15 * 60_000;
/** A session ends this long after sign-in (or at sign-out). */
export const SESSION_TTL_MS = 8 * 3600_000;
/** Failed sign-ins allowed per address in {@link ATTEMPT_WINDOW_MS} before the next are refused unread. */
export const MAX_FAILED_ATTEMPTS = 10;
export const ATTEMPT_WINDOW_MS = 15 * 60_000;

const newToken = () => randomBytes(32).toString('base64url');

/** Makes a one-time sign-in token for `adminName` (returned once; only its hash is kept). */
export async function createSignInToken(db: Sql, adminName: string, ttlMs = LINK_TTL_MS): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into admin_links (token_hash, admin_name, expires_at) values ($1, $2, now() + $3 * interval '1 millisecond')`,
    [hashKey(token), adminName, ttlMs],
  );
  return token;
}

export type SignIn =
  | { ok: true; token: string; csrf: string; adminName: string; expiresAt: Date }
  | { ok: false; reason: 'limited'; retryAfterS: number }
  | { ok: false; reason: 'refused' };

/**
 * Redeems a sign-in token from `address`: once, before it expires, and not while that address has failed too often
 * lately. A success makes a session and records the sign-in in the audit log.
 */
export async function signIn(db: Database, token: string, address: string): Promise<SignIn> {
  return db.transaction(async (tx) => {
    const [recent] = await tx.query<{ n: number; oldest: Date | null }>(
      `select count(*)::int as n, min(at) as oldest from admin_sign_in_attempts
       where address = $1 and not ok and at > now() - $2 * interval '1 millisecond'`,
      [address, ATTEMPT_WINDOW_MS],
    );
    if ((recent?.n ?? 0) >= MAX_FAILED_ATTEMPTS) {
      const freeAt = (recent!.oldest?.getTime() ?? Date.now()) + ATTEMPT_WINDOW_MS;
      return {
        ok: false,
        reason: 'limited',
        retryAfterS: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)),
      };
    }
    // A member key is never a sign-in token (and is not even looked up as one).
    const [link] =
      token.length > 0 && token.length < 200 && !token.startsWith(MEMBER_KEY_PREFIX)
        ? await tx.query<{ admin_name: string }>(
            `update admin_links set used_at = now()
             where token_hash = $1 and used_at is null and expires_at > now() returning admin_name`,
            [hashKey(token)],
          )
        : [];
    await tx.query(
      `with pruned as (delete from admin_sign_in_attempts where at < now() - interval '1 day')
       insert into admin_sign_in_attempts (address, ok) values ($1, $2)`,
      [address, link !== undefined],
    );
    if (!link) return { ok: false, reason: 'refused' };
    const session = newToken();
    const csrf = newToken();
    const [made] = await tx.query<{ expires_at: Date }>(
      `insert into admin_sessions (token_hash, csrf_token, admin_name, expires_at)
       values ($1, $2, $3, now() + $4 * interval '1 millisecond') returning expires_at`,
      [hashKey(session), csrf, link.admin_name, SESSION_TTL_MS],
    );
    await appendAudit(tx, { kind: 'sign_in', actor: link.admin_name, detail: { address } });
    return { ok: true, token: session, csrf, adminName: link.admin_name, expiresAt: made!.expires_at };
  });
}

export interface AdminSession {
  id: number;
  adminName: string;
  csrf: string;
  expiresAt: Date;
}

/** The live session this cookie token names (not ended, not expired), or null. */
export async function readSession(db: Sql, token: string): Promise<AdminSession | null> {
  if (token === '' || token.length > 200 || token.startsWith(MEMBER_KEY_PREFIX)) return null;
  const [row] = await db.query<{ id: number; admin_name: string; csrf_token: string; expires_at: Date }>(
    `select id, admin_name, csrf_token, expires_at from admin_sessions
     where token_hash = $1 and ended_at is null and expires_at > now()`,
    [hashKey(token)],
  );
  return row
    ? { id: row.id, adminName: row.admin_name, csrf: row.csrf_token, expiresAt: row.expires_at }
    : null;
}

/** Ends a session (sign-out): its cookie opens nothing from now on. */
export async function endSession(db: Database, session: AdminSession): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('update admin_sessions set ended_at = now() where id = $1 and ended_at is null', [
      session.id,
    ]);
    await appendAudit(tx, { kind: 'sign_out', actor: session.adminName });
  });
}

/** Ends every session at once (`admin sign-out-all`): how many were live. */
export async function endAllSessions(db: Sql): Promise<number> {
  const rows = await db.query(
    'update admin_sessions set ended_at = now() where ended_at is null and expires_at > now() returning id',
  );
  return rows.length;
}
