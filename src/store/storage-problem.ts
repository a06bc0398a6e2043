/**
 * What a raw storage failure means for the user, told from the error the browser raised: the disk (or the origin's
 * quota) is full, or the stored data could not be read or written. The raw text is for the console alone; screens say
 * one of these two in the product's words (`storage-full`, `storage-failed` in `src/api/errors.ts`).
 *
 * The browsers' own names and texts (MDN, IDBRequest.error and IDBTransaction.error: `QuotaExceededError` when the
 * origin runs out of quota or disk, `UnknownError` "for reasons unrelated to the database itself… a failure due to disk
 * IO errors", `NotReadableError` for a record present but not retrievable; a transaction a quota failure aborts may
 * report `AbortError` with the cause inside). Chromium's LevelDB backend words its disk errors `IO error: …:
 * FILE_ERROR_NO_SPACE` and, opening, `Encountered full disk while opening backing store`; `storage.local` over its
 * limit says `QUOTA_BYTES quota exceeded`. Firefox words a full disk `NS_ERROR_FILE_NO_DEVICE_SPACE` and a damaged
 * file `NS_ERROR_FILE_CORRUPTED`.
 */

/** The disk or the quota is full; or the stored data could not be read or written. */
export type StorageProblem = 'full' | 'failed';

const FULL_NAMES = new Set(['QuotaExceededError']);
const FULL_TEXT =
  /FILE_ERROR_NO_SPACE|QuotaExceeded|QUOTA_BYTES|exceeded its quota|quota exceeded|quota (?:was )?reached|NS_ERROR_FILE_NO_DEVICE_SPACE|NS_ERROR_DOM_QUOTA_REACHED|full disk|disk (?:is )?full|no space left|ENOSPC/i;
const FAILED_NAMES = new Set([
  'UnknownError',
  'NotReadableError',
  'VersionError',
  'InvalidStateError',
  'TransactionInactiveError',
  'AbortError',
]);
const FAILED_TEXT =
  /IO error|backing store|FILE_ERROR_|Corruption:|LevelDB|NS_ERROR_FILE_|NS_ERROR_STORAGE|NS_ERROR_DOM_INDEXEDDB|database connection is closing|Database deleted|IndexedDB|IDBDatabase|object store/i;

/** The error and what it wraps (`cause`; `inner`, as some wrappers name it), outermost first, a few deep. */
function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let at = error, depth = 0; at !== undefined && at !== null && depth < 4; depth++) {
    out.push(at);
    const next = at as { cause?: unknown; inner?: unknown };
    at = typeof at === 'object' ? (next.cause ?? next.inner) : undefined;
  }
  return out;
}

const nameOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string'
    ? (error as { name: string }).name
    : '';

const textOf = (error: unknown): string =>
  typeof error === 'string'
    ? error
    : typeof error === 'object' &&
        error !== null &&
        typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : '';

/** What a raw failure says of storage, or null when it is not a storage failure. A full disk wins over the rest. */
export function storageProblem(error: unknown): StorageProblem | null {
  const links = chain(error);
  if (links.some((e) => FULL_NAMES.has(nameOf(e)) || FULL_TEXT.test(textOf(e)))) return 'full';
  if (links.some((e) => FAILED_NAMES.has(nameOf(e)) || FAILED_TEXT.test(textOf(e)))) return 'failed';
  return null;
}

/** What a full disk did, said before its next step (`src/api/errors.ts` gives the title and the step). */
export const STORAGE_FULL = "The browser could not save the extension's data.";
/** What storage that failed did. */
export const STORAGE_FAILED = "The browser could not read or save the extension's data.";
