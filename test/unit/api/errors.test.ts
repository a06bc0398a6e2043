import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  API_ERROR_KINDS,
  ApiError,
  type ApiErrorInit,
  ApiErrorJSON,
  describeError,
  type ErrorDescription,
} from '../../../src/api/errors';

const full: ApiErrorInit = {
  kind: 'insufficient-credits',
  message: 'Not enough credits for this contact lookup: it needs 9, the balance is 4.',
  operation: 'lookup',
  status: 403,
  creditsInfo: { required: 9, available: 4, breakdown: '1 contact x 9 credits' },
  detail: 'Insufficient credits',
  attempts: 1,
};

describe('ApiError', () => {
  it('is an Error with a kind, and outcomeUnknown false unless said', () => {
    const error = new ApiError({ kind: 'server', message: 'down' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.kind).toBe('server');
    expect(error.outcomeUnknown).toBe(false);
    expect(new Error('x')).not.toBeInstanceOf(ApiError);
  });

  it('survives JSON across extension messaging', () => {
    const error = new ApiError({ ...full, outcomeUnknown: false });
    const wire: unknown = JSON.parse(JSON.stringify(error));
    expect(z.safeParse(ApiErrorJSON, wire).success).toBe(true);
    const back = ApiError.fromJSON(wire);
    expect(back).toBeInstanceOf(ApiError);
    expect(back?.toJSON()).toEqual(error.toJSON());
    expect(back?.message).toBe(full.message);
    expect(back?.creditsInfo).toEqual(full.creditsInfo);
  });

  it('survives structured cloning of its toJSON()', () => {
    const error = new ApiError({
      kind: 'rate-limited',
      message: 'slow down',
      retryAfterMs: 3000,
      status: 429,
    });
    const back = ApiError.fromJSON(structuredClone(error.toJSON()));
    expect(back?.kind).toBe('rate-limited');
    expect(back?.retryAfterMs).toBe(3000);
  });

  it('keeps outcomeUnknown across the wire', () => {
    const error = new ApiError({ kind: 'timeout', message: 't', outcomeUnknown: true, operation: 'search' });
    expect(ApiError.fromJSON(JSON.parse(JSON.stringify(error)))?.outcomeUnknown).toBe(true);
  });

  it('toJSON has no undefined fields', () => {
    const json = new ApiError({ kind: 'network', message: 'n' }).toJSON();
    expect(Object.keys(json).sort()).toEqual(['kind', 'message', 'name', 'outcomeUnknown']);
  });

  it.each([
    null,
    undefined,
    'x',
    42,
    {},
    { name: 'ApiError', kind: 'nope', message: 'm', outcomeUnknown: false },
  ])('fromJSON(%j) is undefined', (value) => {
    expect(ApiError.fromJSON(value)).toBeUndefined();
    expect(z.safeParse(ApiErrorJSON, value).success).toBe(false);
  });

  it('fromJSON returns a live instance as is', () => {
    const error = new ApiError({ kind: 'aborted', message: 'a' });
    expect(ApiError.fromJSON(error)).toBe(error);
  });
});

describe('describeError', () => {
  it('has a title and detail for every kind, live or serialised', () => {
    for (const kind of API_ERROR_KINDS) {
      const error = new ApiError({ kind, message: `message for ${kind}` });
      for (const value of [error, error.toJSON()]) {
        const d = describeError(value);
        expect(d.title.length).toBeGreaterThan(0);
        expect(d.detail.length).toBeGreaterThan(0);
      }
    }
  });

  it('invalid key: check the key in Options, with a way there; on Options itself, the key above', () => {
    const error = new ApiError({ kind: 'invalid-key', message: 'refused', status: 403 });
    expect(describeError(error)).toMatchObject({
      nextStep: 'Check the key in Options.',
      action: 'open-options',
    });
    const onOptions = describeError(error, 'options');
    expect(onOptions.nextStep).toBe('Check the key above and save it again.');
    expect(onOptions.action).toBeUndefined();
  });

  it.each(['network', 'http'] as const)('%s: the service address in Options, or above on Options', (kind) => {
    const error = new ApiError({ kind, message: 'm' });
    expect(describeError(error).nextStep).toContain('the service address in Options');
    expect(describeError(error, 'options').nextStep).toContain('the service address above');
  });

  it('a reveal with too few credits: the most it may cost against the balance, in our words, and what to ask fewer of', () => {
    const d = describeError(new ApiError(full).toJSON());
    expect(d).toEqual({
      title: 'Not enough credits',
      detail:
        'This reveal may cost up to 9 credits; your balance is 4 credits. A reveal needs its most in balance, and is charged only for what is found. Nothing was charged.',
      nextStep: 'Buy more credits, or choose fewer details to reveal.',
    });
    // The service's own breakdown ("1 contact x 9 credits") is not shown as is.
    expect(JSON.stringify(d)).not.toContain(' x ');
  });

  it('a search with too few credits: its cost, and no details to ask fewer of', () => {
    const d = describeError(
      new ApiError({
        kind: 'insufficient-credits',
        operation: 'search',
        message: 'm',
        creditsInfo: { required: 1, available: 0 },
      }),
    );
    expect(d.detail).toBe('This search costs 1 credit; your balance is 0 credits. Nothing was charged.');
    expect(d.nextStep).toBe('Buy more credits, then search again.');
  });

  it('a server error: one sentence, one step, no status code and no count of attempts', () => {
    const d = describeError(
      new ApiError({
        kind: 'server',
        operation: 'search',
        status: 500,
        attempts: 3,
        message: 'The service had a problem with the search. Nothing was charged.',
      }),
    );
    expect(d).toEqual({
      title: 'The service is having trouble',
      detail: 'It could not complete the search. Nothing was charged.',
      nextStep: 'Try again in a few minutes.',
    });
    expect(JSON.stringify(d)).not.toMatch(/HTTP|500|attempt/);
  });

  it.each(['timeout', 'network', 'malformed-response', 'aborted', 'http'] as const)(
    '%s with an unknown outcome: check your balance before retrying',
    (kind) => {
      const d = describeError(
        new ApiError({ kind, message: 'm', outcomeUnknown: true, operation: 'lookup' }),
      );
      expect(d.nextStep).toBe('The service may have charged for this; check your balance before retrying.');
    },
  );

  it('a timeout with a known outcome just says try again', () => {
    const d = describeError(new ApiError({ kind: 'timeout', message: 'm', operation: 'account' }));
    expect(d.nextStep).toBe('Try again.');
  });

  it('rate limited: says when to try again', () => {
    const d = describeError(new ApiError({ kind: 'rate-limited', message: 'm', retryAfterMs: 2500 }));
    expect(d.nextStep).toBe('Try again in 3 seconds.');
  });

  it("bad request: the service's message, and nothing was charged", () => {
    const d = describeError(
      new ApiError({ kind: 'bad-request', message: 'Search criteria is required', operation: 'search' }),
    );
    expect(d.title).toBe('The service refused the search');
    expect(d.detail).toBe('Search criteria is required');
    expect(d.nextStep).toMatch(/Nothing was charged/);
  });

  it('anything else: a generic description', () => {
    expect(describeError(new Error('boom'))).toMatchObject({ title: 'Something went wrong', detail: 'boom' });
    expect(describeError('text')).toMatchObject({ detail: 'text' });
    expect(describeError(undefined).detail).toBe('An unexpected error occurred.');
  });
});

describe('refusals before anything is sent: each says its thing once, with its own step', () => {
  /** How many times `phrase` occurs in everything the description says. */
  const times = (d: ErrorDescription, phrase: RegExp) =>
    [d.title, d.detail, d.nextStep ?? ''].join(' ').match(new RegExp(phrase.source, 'gi'))?.length ?? 0;

  it('an input refusal: its own words say what to change; the frame adds only that nothing was sent', () => {
    const d = describeError(new ApiError({ kind: 'invalid-request', message: 'Give the search a name.' }));
    expect(d).toEqual({ title: 'Not sent', detail: 'Give the search a name.' });
    expect(JSON.stringify(d)).not.toMatch(/request/i);
  });

  it('on Options, a setting that needs a change is "not saved", not a request', () => {
    const message =
      '"api.example" is not a valid URL. Enter the service address, e.g. https://api.example.com.';
    const d = describeError(new ApiError({ kind: 'invalid-request', message }).toJSON(), 'options');
    expect(d).toEqual({ title: 'Not saved', detail: message });
  });

  it('a cap refusal: the cost against the cap, and Options once', () => {
    const message =
      'This may cost up to 6 credits, which would pass your daily cap: 19 of 24 credits are spent or under way today. To go ahead, raise the cap in Options (Spending caps).';
    const d = describeError(new ApiError({ kind: 'over-cap', message }).toJSON());
    expect(d).toEqual({ title: 'Not sent: over your spending cap', detail: message, action: 'open-options' });
    expect(times(d, /Options/)).toBe(1);
    expect(times(d, /not sent|nothing was sent/)).toBe(1);
    expect(JSON.stringify(d)).not.toMatch(/reached|Fix the request/);
  });

  it('no key saved: where to set it, once', () => {
    const message = 'No API key is saved yet. Enter your API key in Options.';
    const d = describeError(new ApiError({ kind: 'not-set-up', message }));
    expect(d).toEqual({
      title: 'Not sent: the service connection is not set up',
      detail: message,
      action: 'open-options',
    });
    expect(times(d, /Options/)).toBe(1);
  });

  it('a fault of the extension: something went wrong, and what to try', () => {
    const d = describeError(
      new ApiError({ kind: 'unexpected', message: 'Something went wrong in the extension.' }),
    );
    expect(d.title).toBe('Something went wrong');
    expect(d.nextStep).toBe('Try again. If it keeps happening, reload the extension.');
  });

  it.each(API_ERROR_KINDS)(
    '%s says "Nothing was sent" and "Nothing was charged" at most once each',
    (kind) => {
      const d = describeError(
        new ApiError({ kind, message: `What happened. Nothing was charged.`, operation: 'lookup' }),
      );
      expect(times(d, /nothing was sent/)).toBeLessThanOrEqual(1);
      expect(times(d, /nothing was charged/)).toBeLessThanOrEqual(1);
    },
  );
});

describe('a refusal because of where things stand', () => {
  it('is "not done", not "not sent", and its own words say what stands and what to do', () => {
    const message =
      'A bulk reveal is already under way. Let it finish, or cancel it, before starting another.';
    expect(describeError(new ApiError({ kind: 'not-now', message }).toJSON())).toEqual({
      title: 'Not done',
      detail: message,
    });
  });
});
