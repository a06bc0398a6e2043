/**
 * Room before money: whether the extension's storage can take a paid answer, asked before any paid call leaves. A
 * call whose answer could not be stored would be paid for and lost.
 *
 * Two checks. The browser's estimate (`navigator.storage.estimate()`: MDN, "a conservative approximation of the total
 * storage the user's device or computer has available for the origin"; with `unlimitedStorage`, Chromium bounds it by
 * the disk's free space) must leave {@link ROOM_BYTES}; and a write the size of a large answer must succeed in the
 * database (written and taken back in one transaction: the database's log still has to take it, which a full disk
 * refuses with `QuotaExceededError` or Chromium's `FILE_ERROR_NO_SPACE`). A write that passed is trusted for
 * {@link TRUSTED_MS}, so a bulk reveal's fifteen calls do not each write it.
 */
import { db } from './db';

/** What must be left: the largest answers (a detailed profile), the ledger's writes, and the database's own log. */
export const ROOM_BYTES = 4 * 1024 * 1024;
/** The probe's size: more than any one answer the vault keeps. */
const PROBE_BYTES = 256 * 1024;
/** How long a probe that passed is trusted. */
export const TRUSTED_MS = 10_000;
const PROBE_KEY = 'room-probe';

let passedAt = Number.NEGATIVE_INFINITY;

/** What the check found: room, or none (the disk, or the browser's quota, is full). */
export type Room = { ok: true } | { ok: false; cause: unknown };

/** Whether the storage can take a paid answer now. */
export async function roomForAnswer(now = Date.now()): Promise<Room> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
  if (
    estimate?.quota !== undefined &&
    estimate.usage !== undefined &&
    estimate.quota - estimate.usage < ROOM_BYTES
  ) {
    return {
      ok: false,
      cause: new DOMException(`${estimate.quota - estimate.usage} bytes left`, 'QuotaExceededError'),
    };
  }
  if (now - passedAt < TRUSTED_MS) return { ok: true };
  try {
    const tx = (await db()).transaction('meta', 'readwrite', { durability: 'strict' });
    void tx.store.put('x'.repeat(PROBE_BYTES), PROBE_KEY);
    void tx.store.delete(PROBE_KEY);
    await tx.done;
  } catch (cause) {
    passedAt = Number.NEGATIVE_INFINITY;
    return { ok: false, cause };
  }
  passedAt = now;
  return { ok: true };
}

/** Forgets the last probe that passed (tests; and after a write fails for want of room). */
export function forgetRoom(): void {
  passedAt = Number.NEGATIVE_INFINITY;
}
