import { describe, expect, it } from 'vitest';
import { cutOffSettled, serviceOutOfReach } from '../../../src/domain/outage';

const check = (charged: number | null, final: boolean) => ({
  check: { remaining: 90, charged, final, at: '2026-01-01T00:00:00.000Z' },
});

describe('is the service out of reach', () => {
  it.each(['network', 'timeout'] as const)('yes when the call failed with %s', (kind) => {
    expect(serviceOutOfReach({ kind })).toBe(true);
  });

  it.each([
    'server',
    'insufficient-credits',
    'invalid-key',
    'bad-request',
    'rate-limited',
    'malformed-response',
  ] as const)('no when the service answered, even with an error (%s)', (kind) => {
    expect(serviceOutOfReach({ kind })).toBe(false);
  });

  it('no when there is no error at all', () => {
    expect(serviceOutOfReach(null)).toBe(false);
    expect(serviceOutOfReach(undefined)).toBe(false);
  });
});

describe("is a cut-off reveal's charge settled", () => {
  it('yes once the balance told for good what it cost, nothing included', () => {
    expect(cutOffSettled(check(0, true))).toBe(true);
    expect(cutOffSettled(check(9, true))).toBe(true);
  });

  it('no while the charge cannot be told, even once the check is final', () => {
    expect(cutOffSettled(check(null, true))).toBe(false);
  });

  it('no while "not charged" may still change (the service may be finishing the call)', () => {
    expect(cutOffSettled(check(0, false))).toBe(false);
    expect(cutOffSettled(check(9, false))).toBe(false);
  });

  it('no before any check, and for no job', () => {
    expect(cutOffSettled({})).toBe(false);
    expect(cutOffSettled(null)).toBe(false);
  });
});
