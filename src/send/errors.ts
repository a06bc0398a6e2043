/**
 * Why a send or a connection check failed, as a kind the background can act on and a sentence a recruiter can
 * read. Errors cross extension messaging, so {@link SendError.toJSON} gives a plain shape.
 */

export const SEND_ERROR_KINDS = [
  /** 401: the key or token was not accepted. */
  'bad-key',
  /** 403: the key works but may not do this (a missing permission or scope). */
  'forbidden',
  /** 429 still after the retries, or asked to wait longer than we wait; `retryAfterMs` says how long. */
  'rate-limited',
  /** 4xx other than the above: the vendor refused what was sent; `message` carries the vendor's own reason. */
  'refused',
  /** 5xx still after the retries. */
  'unavailable',
  'timeout',
  'network',
  /** The answer was not in the shape the vendor's reference documents. */
  'malformed-response',
  /** A setting cannot work (an address that is not HTTPS, an empty key). Nothing was sent. */
  'not-set-up',
] as const;

export type SendErrorKind = (typeof SEND_ERROR_KINDS)[number];

export interface SendErrorJSON {
  kind: SendErrorKind;
  /** The destination's name as the user sees it ("Lever"). */
  destination: string;
  message: string;
  status?: number;
  retryAfterMs?: number;
}

export class SendError extends Error {
  override readonly name = 'SendError';
  readonly kind: SendErrorKind;
  readonly destination: string;
  readonly status?: number;
  readonly retryAfterMs?: number;

  constructor(init: SendErrorJSON) {
    super(init.message);
    this.kind = init.kind;
    this.destination = init.destination;
    if (init.status !== undefined) this.status = init.status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }

  toJSON(): SendErrorJSON {
    const json: SendErrorJSON = { kind: this.kind, destination: this.destination, message: this.message };
    if (this.status !== undefined) json.status = this.status;
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    return json;
  }
}

function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s === 1 ? '1 second' : `${s} seconds`;
}

/** The sentence for a failed HTTP answer; `vendorMessage` is the vendor's own reason, when its body had one. */
export function describeStatus(
  destination: string,
  status: number,
  vendorMessage: string | undefined,
  retryAfterMs: number | undefined,
): { kind: SendErrorKind; message: string } {
  const reason = vendorMessage ? ` ${destination} said: "${vendorMessage}"` : '';
  if (status === 401) {
    return {
      kind: 'bad-key',
      message: `${destination} did not accept the key. Check it in Send to.${reason}`,
    };
  }
  if (status === 403) {
    return {
      kind: 'forbidden',
      message: `The key works but may not do this in ${destination}: give it the permission to read and write candidates.${reason}`,
    };
  }
  if (status === 429) {
    const wait =
      retryAfterMs !== undefined ? ` Try again in ${seconds(retryAfterMs)}.` : ' Try again in a minute.';
    return { kind: 'rate-limited', message: `${destination} asked us to slow down.${wait}` };
  }
  if (status >= 500) {
    return {
      kind: 'unavailable',
      message: `${destination} is not answering properly (error ${status}). Try again later.`,
    };
  }
  return {
    kind: 'refused',
    message: vendorMessage
      ? `${destination} refused it: ${vendorMessage}`
      : `${destination} refused it (error ${status}).`,
  };
}
