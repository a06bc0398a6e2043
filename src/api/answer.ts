/**
 * A complete answer of the candidate service, read: the value its contract promises, or the error a person reads
 * with whether another attempt is safe. Apart from `client.ts` (which sends, times and retries) so that each stays
 * under the house's ~350 lines; the two share only the shapes below.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { countOf } from '../format/numbers';
import type { ApiErrorInit, ApiOperation } from './errors';
import { formatCredits } from './pricing';
import { parseRetryAfter } from './retry';
import { ErrorBody } from './schema';
import { TeamCapRefusal } from './team-schema';

/**
 * zod/mini ships without messages ("Invalid input" for everything). The English ones are passed per parse rather
 * than with a global `z.config`, so importing the client changes nothing elsewhere.
 */
export const english = { error: en().localeError };

export const MAY_HAVE_CHARGED = 'It may have been charged; check your balance before retrying.';

/** Statuses after which the service cannot have charged, so a retry is safe. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503]);

export const NOUN: Readonly<Record<ApiOperation, string>> = {
  search: 'search',
  lookup: 'contact lookup',
  account: 'balance check',
};

/** One request's result: a parsed answer, or an error and whether another attempt is safe. */
export type Attempt<T> =
  | { ok: true; value: T }
  | { ok: false; error: ApiErrorInit; retryable: boolean; retryAfterMs?: number };

export interface Endpoint<S extends z.ZodMiniType> {
  operation: ApiOperation;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  schema: S;
}

export function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return countOf(s, 'second');
}

/** Turns a complete HTTP answer into a value or an error. */
export function interpret<S extends z.ZodMiniType>(
  endpoint: Endpoint<S>,
  response: Response,
  text: string,
  now: () => number,
): Attempt<z.output<S>> {
  const { operation } = endpoint;
  const paid = operation !== 'account';
  const noun = NOUN[operation];
  const status = response.status;
  // Every failure names its operation; `stop` ends the call, `retry` allows another attempt.
  const stop = (error: Omit<ApiErrorInit, 'operation'>): Attempt<never> => ({
    ok: false,
    retryable: false,
    error: { operation, ...error },
  });
  const retry = (error: Omit<ApiErrorInit, 'operation'>): Attempt<never> => ({
    ok: false,
    retryable: true,
    error: { operation, ...error },
  });

  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    return stop({
      kind: 'http',
      ...(status > 0 ? { status } : {}),
      message: `The service answered the ${noun} with a redirect, which is not followed.`,
    });
  }

  const json = parseJson(text);

  if (response.ok) {
    // A success answer we cannot read may still have been charged.
    const unknownNote = paid ? ` ${MAY_HAVE_CHARGED}` : '';
    if (!json.ok) {
      return stop({
        kind: 'malformed-response',
        status,
        outcomeUnknown: paid,
        message: `The service's answer to the ${noun} is not JSON.${unknownNote}`,
      });
    }
    const parsed = endpoint.schema.safeParse(json.value, english);
    if (!parsed.success) {
      const detail = z.prettifyError(parsed.error);
      return stop({
        kind: 'malformed-response',
        status,
        outcomeUnknown: paid,
        detail,
        message:
          `The service's answer to the ${noun} is not in the expected form:\n${truncate(detail)}\n${unknownNote.trim()}`.trim(),
      });
    }
    return { ok: true, value: parsed.data };
  }

  const errorBody = json.ok ? ErrorBody.safeParse(json.value, english) : undefined;
  const body = errorBody?.success ? errorBody.data : undefined;

  if (status === 401) {
    // The service answers a bad key with 403; a team gateway (gateway/) answers a missing, unknown or revoked
    // member key with 401. Either way the key is refused, and nothing was sent upstream or charged.
    return stop({
      kind: 'invalid-key',
      status,
      ...(body ? { detail: body.message } : {}),
      message: 'The service refused the API key: it is missing, invalid or inactive.',
    });
  }

  if (status === 400 || status === 403) {
    // These statuses mean something only through their body.
    if (!body) {
      const detail = errorBody && !errorBody.success ? z.prettifyError(errorBody.error) : undefined;
      return stop({
        kind: 'malformed-response',
        status,
        ...(detail !== undefined ? { detail } : {}),
        message: `The service refused the ${noun} with an answer that could not be read.`,
      });
    }
    if (status === 400) {
      return stop({
        kind: 'bad-request',
        status,
        message: body.message.trim() || `The service refused the ${noun} as malformed.`,
      });
    }
    // A team gateway's allowance, not the balance: its `credits_info.available` is the room left under the
    // allowance, so reading it as "not enough credits" would put that room on screen as the team's balance.
    const cap = TeamCapRefusal.safeParse(body.cap);
    if (cap.success) {
      return stop({
        kind: 'over-allowance',
        status,
        detail: body.message,
        message: allowanceWords(operation, cap.data, body.credits_info?.required),
      });
    }
    if (body.credits_info) {
      const info = body.credits_info;
      return stop({
        kind: 'insufficient-credits',
        status,
        creditsInfo: { ...info },
        detail: body.message,
        message: `Not enough credits for this ${noun}: it needs ${info.required}, the balance is ${info.available}.${info.breakdown ? ` (${info.breakdown})` : ''}`,
      });
    }
    return stop({
      kind: 'invalid-key',
      status,
      detail: body.message,
      message: 'The service refused the API key: it is missing, invalid or inactive.',
    });
  }

  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), now());
    return {
      ok: false,
      retryable: true,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      error: {
        kind: 'rate-limited',
        operation,
        status,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        message:
          retryAfterMs !== undefined
            ? `The service is limiting requests and asked to wait ${seconds(retryAfterMs)}.`
            : 'The service is limiting requests.',
      },
    };
  }

  // A team gateway's answer to a member who waited for a teammate's lookup of the same person that did not end well
  // (gateway/server/lookup.ts): nothing was charged to this member, and asking again at once could pay for the person
  // while the teammate's call may still be charged. Said in the gateway's words, never retried. The service names no 409.
  if (status === 409 && body) {
    return stop({ kind: 'not-now', status, message: body.message });
  }

  if (RETRY_STATUSES.has(status)) {
    return retry({
      kind: 'server',
      status,
      message: `The service had a problem with the ${noun}. Nothing was charged.`,
    });
  }

  // A gateway timeout may come after the service did the work.
  const outcomeUnknown = paid && status === 504;
  return stop({
    kind: 'http',
    status,
    outcomeUnknown,
    ...(body ? { detail: body.message } : {}),
    message: `The ${noun} got an answer the extension cannot use.${outcomeUnknown ? ` ${MAY_HAVE_CHARGED}` : ''}`,
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function truncate(text: string, max = 600): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/**
 * "This reveal may cost up to 11 credits, which would pass your daily allowance of 200 credits (195 used today). It
 * starts afresh 8 Dec, 01:00." In the extension's words (a reveal, not a lookup), the reset in the user's time.
 */
function allowanceWords(operation: ApiOperation, cap: TeamCapRefusal, required: number | undefined): string {
  const what = operation === 'lookup' ? 'This reveal may cost up to' : 'This search costs';
  const cost = required === undefined ? 'This' : `${what} ${formatCredits(required)}, which`;
  const [name, period] = cap.period === 'day' ? ['daily', 'today'] : ['monthly', 'this month'];
  const when = new Date(cap.resets_at).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${cost} would pass your ${name} allowance of ${formatCredits(cap.credits)} (${formatCredits(cap.spent)} used ${period}). It starts afresh ${when}.`;
}
