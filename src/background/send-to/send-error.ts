/**
 * A destination's failure as the UI receives every failure: an {@link ApiError} (errors cross extension messaging as
 * plain shapes), its message the destination's sentence as it stands, which already says what to do.
 */
import { ApiError, type ApiErrorKind } from '../../api/errors';
import { SendError, type SendErrorKind } from '../../send/errors';

const KINDS: Record<SendErrorKind, ApiErrorKind> = {
  'bad-key': 'bad-request',
  forbidden: 'bad-request',
  refused: 'bad-request',
  'rate-limited': 'rate-limited',
  unavailable: 'server',
  timeout: 'timeout',
  network: 'network',
  'malformed-response': 'malformed-response',
  'not-set-up': 'invalid-request',
};

/** `error` as an {@link ApiError} when a destination threw it; anything else as it is. */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof SendError)) return error;
  return new ApiError({
    kind: KINDS[error.kind],
    message: error.message,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
  });
}
