import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  API_ERROR_KINDS,
  ApiError,
  type ApiErrorInit,
  ApiErrorJSON,
  describeError,
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

  it('invalid key: check the key in Options', () => {
    const d = describeError(new ApiError({ kind: 'invalid-key', message: 'refused', status: 403 }));
    expect(d.nextStep).toBe('Check the key in Options.');
  });

  it('insufficient credits: this needs N credits; you have M', () => {
    const d = describeError(new ApiError(full).toJSON());
    expect(d.detail).toContain('This needs 9 credits; you have 4 credits.');
    expect(d.detail).toContain('1 contact x 9 credits');
    expect(d.title).toBe('Not enough credits');
  });

  it('insufficient credits in the singular', () => {
    const d = describeError(
      new ApiError({
        kind: 'insufficient-credits',
        message: 'm',
        creditsInfo: { required: 1, available: 0 },
      }),
    );
    expect(d.detail).toContain('This needs 1 credit; you have 0 credits.');
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
