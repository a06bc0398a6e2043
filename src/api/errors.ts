/**
 * Typed errors of the API client, and their plain-English wording for the UI.
 *
 * One class with a discriminating `kind`: the UI switches on `error.kind`. Errors cross extension messaging (the
 * background makes the call, a popup shows it), where structured cloning keeps only `name` and `message` of an
 * `Error`; so every error has a plain serialisable shape ({@link ApiErrorJSON}) via `toJSON()`, and
 * {@link ApiError.fromJSON} / {@link describeError} accept that shape as well as a live instance.
 */
import * as z from 'zod/mini';
import { countOf } from '../format/numbers';
import { formatCredits } from './pricing';
import { CreditsInfo } from './schema-parts';

export const API_ERROR_KINDS = [
  /**
   * Refused before anything is sent: what the user asked for, or the settings they typed, need a change (or another
   * action is under way). `message` says what is wrong and what to do, whole; nothing was sent or charged.
   */
  'invalid-request',
  /** Refused because of where things stand (something under way, ended or gone), not of the input. */
  'not-now',
  /** Refused before anything is sent: the call could pass a spending cap. `message` says the cost and the cap. */
  'over-cap',
  /** Refused before anything is sent: no API key, or no usable service address, is saved. `message` says which. */
  'not-set-up',
  /** A fault of the extension itself (not of the input or the service). */
  'unexpected',
  /** The extension's storage could not take a write: the disk, or the browser's quota, is full. */
  'storage-full',
  /** The extension's stored data could not be read or written (the browser's storage failed). */
  'storage-failed',
  /** 403 without `credits_info`: the key is missing, invalid or inactive. */
  'invalid-key',
  /** 403 with `credits_info`: balance below what the call may cost. */
  'insufficient-credits',
  /**
   * 403 from a team gateway with its `cap`: the call would pass the member's allowance there, whatever the team's
   * balance. `message` is the gateway's, in words (the figures, when it starts afresh, whom to ask).
   */
  'over-allowance',
  /** 400: the service refused the body; `message` is the service's own. */
  'bad-request',
  /** 500/502/503, still failing after the retries. */
  'server',
  /** 429, still limited after the retries, or asked to wait longer than we are willing to. */
  'rate-limited',
  /** No answer within the time limit. */
  'timeout',
  /** The connection failed or dropped. */
  'network',
  /** The answer was not JSON or did not match the contract. */
  'malformed-response',
  /** The caller cancelled. */
  'aborted',
  /** Any other HTTP status. */
  'http',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

export const API_OPERATIONS = ['search', 'lookup', 'account'] as const;
export type ApiOperation = (typeof API_OPERATIONS)[number];

/** The plain, serialisable shape of an {@link ApiError} (what `toJSON()` returns and `fromJSON()` accepts). */
export const ApiErrorJSON = z.object({
  name: z.literal('ApiError'),
  kind: z.enum(API_ERROR_KINDS),
  message: z.string(),
  outcomeUnknown: z.boolean(),
  operation: z.optional(z.enum(API_OPERATIONS)),
  status: z.optional(z.int()),
  creditsInfo: z.optional(CreditsInfo),
  retryAfterMs: z.optional(z.number().check(z.gte(0))),
  detail: z.optional(z.string()),
  attempts: z.optional(z.int().check(z.gte(1))),
});
export type ApiErrorJSON = z.infer<typeof ApiErrorJSON>;

export type ApiErrorInit = Omit<ApiErrorJSON, 'name' | 'outcomeUnknown'> & { outcomeUnknown?: boolean };

/** An error of the API client. `message` is readable by a recruiter and never contains the key. */
export class ApiError extends Error {
  override readonly name = 'ApiError' as const;
  readonly kind: ApiErrorKind;
  /**
   * True when a search or lookup may have been charged but we cannot know: the request was (or may have been) sent
   * and no readable answer came back (timeout, dropped connection, unreadable 200, cancelled mid-flight).
   * Such a call must not be repeated blindly.
   */
  readonly outcomeUnknown: boolean;
  readonly operation?: ApiOperation;
  /** HTTP status, when an answer arrived. */
  readonly status?: number;
  /** From a 403 insufficient-credits body. */
  readonly creditsInfo?: CreditsInfo;
  /** For 'rate-limited': how long the service asked us to wait, when it said. */
  readonly retryAfterMs?: number;
  /** Technical detail for a "details" disclosure (e.g. the zod issues of a malformed answer). Never the key. */
  readonly detail?: string;
  /** How many requests were made for this call (retries included). */
  readonly attempts?: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    if (init.operation !== undefined) this.operation = init.operation;
    if (init.status !== undefined) this.status = init.status;
    if (init.creditsInfo !== undefined) this.creditsInfo = init.creditsInfo;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.detail !== undefined) this.detail = init.detail;
    if (init.attempts !== undefined) this.attempts = init.attempts;
  }

  /** The plain shape, safe for `JSON.stringify`, structured cloning and extension messaging. */
  toJSON(): ApiErrorJSON {
    const json: ApiErrorJSON = {
      name: 'ApiError',
      kind: this.kind,
      message: this.message,
      outcomeUnknown: this.outcomeUnknown,
    };
    if (this.operation !== undefined) json.operation = this.operation;
    if (this.status !== undefined) json.status = this.status;
    if (this.creditsInfo !== undefined) json.creditsInfo = { ...this.creditsInfo };
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    if (this.detail !== undefined) json.detail = this.detail;
    if (this.attempts !== undefined) json.attempts = this.attempts;
    return json;
  }

  /** Rebuilds an error from its plain shape (or returns the instance itself); undefined for anything else. */
  static fromJSON(value: unknown): ApiError | undefined {
    if (value instanceof ApiError) return value;
    const parsed = ApiErrorJSON.safeParse(value);
    if (!parsed.success) return undefined;
    const { name: _name, ...init } = parsed.data;
    return new ApiError(init);
  }
}

/** A full disk (or quota), as every screen says it, and its next step. */
export const DISK_FULL = 'Your disk is almost full';
export const FREE_SPACE = 'Free some space, then try again.';

/** What the UI shows for an error: a title, a sentence or two, and what to do next. */
export interface ErrorDescription {
  title: string;
  detail: string;
  nextStep?: string;
  /** The fix is in Options: a page other than Options offers a way there, next to the words. */
  action?: 'open-options';
}

/**
 * Where the error is shown. On the options page the fix is on the same page ("above"), a refusal is of a setting
 * ("not saved"), and no way to Options is offered; elsewhere the step points to Options.
 */
export type ErrorPlace = 'options' | 'elsewhere';

const NOTHING_CHARGED = /\s*Nothing was charged\./i;

const MAY_HAVE_CHARGED = 'The service may have charged for this; check your balance before retrying.';

function operationNoun(operation: ApiOperation | undefined): string {
  switch (operation) {
    case 'search':
      return 'search';
    case 'lookup':
      return 'reveal';
    case 'account':
      return 'balance check';
    default:
      return 'request';
  }
}

function seconds(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return countOf(s, 'second');
}

/**
 * Plain words for any error the UI may hold: a live {@link ApiError}, its JSON shape, or anything else thrown.
 * `place` is where it is shown (see {@link ErrorPlace}).
 */
export function describeError(error: unknown, place: ErrorPlace = 'elsewhere'): ErrorDescription {
  const apiError = ApiError.fromJSON(error);
  if (!apiError) {
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    return unexpected(message);
  }
  const noun = operationNoun(apiError.operation);
  const description = describeKind(apiError, noun, place);
  if (apiError.outcomeUnknown) description.nextStep = MAY_HAVE_CHARGED;
  if (place === 'options') delete description.action;
  // A message that already says nothing was charged is not followed by a step that says it again.
  if (description.nextStep && NOTHING_CHARGED.test(description.detail)) {
    description.nextStep = description.nextStep.replace(NOTHING_CHARGED, '').trim();
    if (!description.nextStep) delete description.nextStep;
  }
  return description;
}

function unexpected(message: string): ErrorDescription {
  return {
    title: 'Something went wrong',
    detail: message || 'An unexpected error occurred.',
    nextStep: 'Try again. If it keeps happening, reload the extension.',
  };
}

/** Where the service connection is set: Options, or the fields above on the options page itself. */
function inOptions(place: ErrorPlace, what: string): string {
  return place === 'options' ? `${what} above` : `${what} in Options`;
}

function describeKind(error: ApiError, noun: string, place: ErrorPlace): ErrorDescription {
  switch (error.kind) {
    case 'invalid-request':
      // The message says what to change; the title only says that nothing happened.
      return { title: place === 'options' ? 'Not saved' : 'Not sent', detail: error.message };
    case 'not-now':
      return { title: 'Not done', detail: error.message };
    case 'over-cap':
      return { title: 'Not sent: over your spending cap', detail: error.message, action: 'open-options' };
    case 'not-set-up':
      return {
        title: 'Not sent: the service connection is not set up',
        detail: error.message,
        action: 'open-options',
      };
    case 'unexpected':
      return unexpected(error.message);
    case 'storage-full':
      return { title: DISK_FULL, detail: error.message, nextStep: FREE_SPACE };
    case 'storage-failed':
      return {
        title: "The extension's stored data could not be used",
        detail: error.message,
        nextStep: 'Restart the browser, then try again.',
      };
    case 'invalid-key':
      return {
        title: 'The API key was refused',
        detail: 'The service says the API key is missing, invalid or inactive.',
        nextStep:
          place === 'options' ? 'Check the key above and save it again.' : 'Check the key in Options.',
        action: 'open-options',
      };
    case 'insufficient-credits':
      return notEnoughCredits(error);
    case 'over-allowance':
      return {
        title: 'Not sent: over your team allowance',
        detail: error.message,
        nextStep: "To raise it, ask your team's admin. Nothing was charged.",
      };
    case 'bad-request':
      return {
        title: `The service refused the ${noun}`,
        detail: error.message,
        nextStep: 'Change what you asked for, then try again. Nothing was charged.',
      };
    case 'server':
      return {
        title: 'The service is having trouble',
        detail: `It could not complete the ${noun}. Nothing was charged.`,
        nextStep: 'Try again in a few minutes.',
      };
    case 'rate-limited':
      return {
        title: 'Too many requests',
        detail: error.message,
        nextStep:
          error.retryAfterMs !== undefined
            ? `Try again in ${seconds(error.retryAfterMs)}.`
            : 'Wait a minute and try again.',
      };
    case 'timeout':
      return {
        title: 'The service did not answer in time',
        detail: error.message,
        nextStep: 'Try again.',
      };
    case 'network':
      return {
        title: 'Could not reach the service',
        detail: error.message,
        nextStep: `Check your internet connection and ${inOptions(place, 'the service address')}, then try again.`,
        action: 'open-options',
      };
    case 'malformed-response':
      return {
        title: 'The service sent an answer we could not read',
        detail: error.message,
        nextStep: 'Try again later. If it keeps happening, the service may have changed.',
      };
    case 'aborted':
      return { title: 'Cancelled', detail: error.message };
    case 'http':
      return {
        title: 'Unexpected answer from the service',
        detail: error.message,
        nextStep: `Check ${inOptions(place, 'the service address')} and try again later.`,
        action: 'open-options',
      };
  }
}

/**
 * Too few credits, in our words: what the call may cost against the balance (the service's own breakdown is not
 * repeated: a reveal is one contact, and its cost is the figure already given), and the step that fits the call.
 */
function notEnoughCredits(error: ApiError): ErrorDescription {
  const info = error.creditsInfo;
  const lookup = error.operation === 'lookup';
  const what = lookup
    ? 'This reveal may cost up to'
    : error.operation === 'search'
      ? 'This search costs'
      : 'This needs';
  const needs = info
    ? `${what} ${formatCredits(info.required)}; your balance is ${formatCredits(info.available)}.`
    : 'Your balance is too low for this.';
  const maximum = lookup ? ' A reveal needs its most in balance, and is charged only for what is found.' : '';
  return {
    title: 'Not enough credits',
    detail: `${needs}${maximum} Nothing was charged.`,
    nextStep: lookup
      ? 'Buy more credits, or choose fewer details to reveal.'
      : error.operation === 'search'
        ? 'Buy more credits, then search again.'
        : 'Buy more credits, then try again.',
  };
}
