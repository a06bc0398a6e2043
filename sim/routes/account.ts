/** GET /v1/account: the balance of the calling key. Costs nothing. */
import type { AccountResponse } from '../../src/api/schema';
import type { SimState } from '../state';
import type { V1Context } from './http';

export function accountRoute(state: SimState) {
  return (c: V1Context) => {
    const key = state.key(c.get('apiKey'));
    const body: AccountResponse = {
      success: true,
      credits_remaining: key?.remaining ?? 0,
      credits_purchased: key?.purchased ?? 0,
      timestamp: new Date().toISOString(),
    };
    return c.json(body, 200);
  };
}
