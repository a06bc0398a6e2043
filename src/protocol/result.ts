/**
 * How the background answers a UI request: a value, or an error in the plain shape of {@link ApiErrorJSON}.
 * Structured cloning across extension messaging drops everything of an `Error` but its message, so handlers never
 * throw to the UI; they answer with a result the UI can phrase.
 */
import { ApiError, type ApiErrorJSON } from '../api/errors';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiErrorJSON };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** Turns anything thrown into a result; an unexpected error is reported without its stack or payload. */
export function fail(error: unknown): { ok: false; error: ApiErrorJSON } {
  if (error instanceof ApiError) return { ok: false, error: error.toJSON() };
  console.error('Unexpected background error', error);
  return {
    ok: false,
    error: new ApiError({
      kind: 'unexpected',
      message: error instanceof Error ? error.message : 'Something went wrong in the extension.',
    }).toJSON(),
  };
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
