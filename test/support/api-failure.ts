import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors';

/** Runs `promise`, expects it to fail with an ApiError, and returns it; fails the test if the call succeeds. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}
