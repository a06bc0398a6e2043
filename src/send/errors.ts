/**
 * Why a send or a destination's check failed, as a kind the background can act on and a sentence a recruiter can
 * read. Errors cross extension messaging, so {@link SendError.toJSON} gives a plain shape.
 */
import { countOf } from '../format/numbers';

export const SEND_ERROR_KINDS = [
  /** The key or token was not accepted (401; Ashby also answers 403 for a wrong or deactivated key). */
  'bad-key',
  /** The key works but may not do this (a missing permission or scope; 403). */
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
  /** The vendor's own reason, as its body gave it (already quoted in `message`). */
  reason?: string;
}

export class SendError extends Error {
  override readonly name = 'SendError';
  readonly kind: SendErrorKind;
  readonly destination: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly reason?: string;

  constructor(init: SendErrorJSON) {
    super(init.message);
    this.kind = init.kind;
    this.destination = init.destination;
    if (init.status !== undefined) this.status = init.status;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.reason !== undefined) this.reason = init.reason;
  }

  toJSON(): SendErrorJSON {
    const json: SendErrorJSON = { kind: this.kind, destination: this.destination, message: this.message };
    if (this.status !== undefined) json.status = this.status;
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    if (this.reason !== undefined) json.reason = this.reason;
    return json;
  }
}

function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return countOf(s, 'second');
}

/** The vendor's own reason, quoted as theirs, after the sentence in the user's words (empty when it gave none). */
export function vendorSaid(destination: string, vendorMessage: string | undefined): string {
  const reason = vendorMessage?.trim();
  if (!reason) return '';
  const name = destination.charAt(0).toUpperCase() + destination.slice(1);
  return ` ${name} said: "${reason.length > 200 ? `${reason.slice(0, 199)}…` : reason}"`;
}

/** A failure said in the user's words: what happened, what to do, then the vendor's own reason. */
export interface Described {
  kind: SendErrorKind;
  message: string;
}

/**
 * The sentence for a failed HTTP answer; `vendorMessage` is the vendor's own reason, when its body had one, and
 * `permission` says in plain words what the key must be allowed to do there (each vendor names it its own way).
 */
export function describeStatus(
  destination: string,
  status: number,
  vendorMessage: string | undefined,
  retryAfterMs: number | undefined,
  permission = 'read and write candidates',
): Described {
  const said = vendorSaid(destination, vendorMessage);
  if (status === 401) {
    return {
      kind: 'bad-key',
      message: `${destination} did not accept the key: it is wrong or no longer active. Check it in Send to.${said}`,
    };
  }
  if (status === 403) {
    return {
      kind: 'forbidden',
      message: `The key works, but ${destination} does not let it do this: give it the permission to ${permission}.${said}`,
    };
  }
  if (status === 429) {
    const wait =
      retryAfterMs !== undefined ? ` Try again in ${seconds(retryAfterMs)}.` : ' Try again in a minute.';
    return { kind: 'rate-limited', message: `${destination} asked us to slow down.${wait}${said}` };
  }
  if (status >= 500) {
    return {
      kind: 'unavailable',
      message: `${destination} is not answering properly (error ${status}). Try again later.${said}`,
    };
  }
  return { kind: 'refused', message: refusal(destination, vendorMessage, status) };
}

/** "Lever refused it." with the vendor's reason, or its status when it gave none. */
export function refusal(destination: string, vendorMessage: string | undefined, status?: number): string {
  const said = vendorSaid(destination, vendorMessage);
  if (said) return `${destination} refused it.${said}`;
  return status === undefined ? `${destination} refused it.` : `${destination} refused it (error ${status}).`;
}
