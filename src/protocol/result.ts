/**
 * How the background answers a UI request: a value, or an error in the plain shape of {@link ApiErrorJSON}.
 * Structured cloning across extension messaging drops everything of an `Error` but its message, so handlers never
 * throw to the UI; they answer with a result the UI can phrase.
 */
import { ApiError, type ApiErrorJSON } from '../api/errors';
import { LayoutTooOld } from '../store/database/db';
import { STORAGE_FAILED, STORAGE_FULL, storageProblem } from '../store/storage-problem';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiErrorJSON };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/**
 * Turns anything thrown into a result. An unexpected error reaches the page as one of the product's own messages,
 * never its raw text (which goes to the console): the disk is full, the stored data could not be used, or a fault of
 * the extension.
 */
export function fail(error: unknown): { ok: false; error: ApiErrorJSON } {
  if (error instanceof ApiError) return { ok: false, error: error.toJSON() };
  const own = ownError(error);
  // A fault of the extension is an error; the browser's storage failing is the user's to fix, and is said to them.
  if (own.kind === 'unexpected') console.error('Unexpected background error', error);
  else console.warn("The browser's storage failed", error);
  return { ok: false, error: own.toJSON() };
}

/** A raw failure (the browser's storage, or a fault of the extension) as the product says it. */
export function ownError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // Its message is the product's own, with what to do.
  if (error instanceof LayoutTooOld) return new ApiError({ kind: 'not-now', message: error.message });
  switch (storageProblem(error)) {
    case 'full':
      return new ApiError({ kind: 'storage-full', message: STORAGE_FULL });
    case 'failed':
      return new ApiError({ kind: 'storage-failed', message: STORAGE_FAILED });
    default:
      return new ApiError({ kind: 'unexpected', message: 'Something went wrong in the extension.' });
  }
}

/**
 * Refusal before any request: the input needs a change, or something else is under way. `message` says what is
 * wrong and what to do, whole (the UI adds only that nothing was sent).
 */
export function refuse(message: string): ApiError {
  return new ApiError({ kind: 'invalid-request', message });
}

/**
 * Refusal because of where things stand, not of the input: another action is under way, or what was asked for
 * has ended or no longer exists. `message` says what stands and what to do.
 */
export function refuseNow(message: string): ApiError {
  return new ApiError({ kind: 'not-now', message });
}

/** Refusal before any request because no API key is saved; `message` says what to set, and where. */
export function refuseNotSetUp(message: string): ApiError {
  return new ApiError({ kind: 'not-set-up', message });
}
