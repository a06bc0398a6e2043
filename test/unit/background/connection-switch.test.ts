/**
 * A call with no answer is settled by the fall of the balance it was charged from. Saving another service address or
 * key may mean another account (a personal key for a team's, one account's key for another's): that balance says
 * nothing of the calls made through the old one, so they stay "may have been charged, up to" their most, and are
 * never settled from it, then or later. Saving the same connection again settles as any balance does.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordAccountBalance } from '../../../src/background/balance-settlement';
import { SWITCH_WHILE_PAYING, saveConnection } from '../../../src/background/connection';
import { reveal } from '../../../src/background/reveal';
import { settings } from '../../../src/store/items/settings';
import { lost, lostCall } from './lost-call';
import { freshConnection, GRACE, stubService } from './service-stub';

describe('the service connection changed while a call had no answer', () => {
  beforeEach(async () => {
    await freshConnection();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("another key's balance does not settle it, then or later", async () => {
    // 100 before the call; the other account holds 40: a fall of 60 that is not this call's charge.
    const service = stubService([GRACE], 40);
    await lostCall(100);
    const { baseUrl } = await settings.get();
    await saveConnection({ baseUrl, apiKey: 'another-key-654321' });
    expect(await lost()).toMatchObject([{ state: 'uncertain', credits: 0, maxCredits: 6 }]);
    service.state.balance = 30;
    await recordAccountBalance(30, new Date().toISOString());
    expect(await lost()).toMatchObject([{ state: 'uncertain', credits: 0, maxCredits: 6 }]);
  });

  it("another address's balance does not settle it either", async () => {
    stubService([GRACE], 100);
    await lostCall(100);
    await saveConnection({ baseUrl: 'https://gateway.example.test' });
    // A balance that did not move would read "not charged" on the old connection: not on another.
    expect(await lost()).toMatchObject([{ state: 'uncertain', credits: 0, maxCredits: 6 }]);
  });

  it('the same connection saved again settles it as any balance does', async () => {
    stubService([GRACE], 94);
    await lostCall(100);
    const { baseUrl } = await settings.get();
    await saveConnection({ baseUrl });
    expect(await lost()).toMatchObject([{ state: 'confirmed', credits: 6 }]);
  });

  it('is refused while a paid call is under way, before anything is asked', async () => {
    const service = stubService([GRACE], 100);
    const upstream = service.fetch.getMockImplementation()!;
    let answer = (_: Response) => {};
    let sent = (_: unknown) => {};
    const leaving = new Promise((resolve) => {
      sent = resolve;
    });
    service.fetch.mockImplementation(async (input, init) => {
      if (new URL(String(input)).pathname !== '/v1/lookup') return upstream(input, init);
      sent(null);
      const reply = await upstream(input, init);
      return new Promise<Response>((resolve) => {
        answer = () => resolve(reply);
      });
    });
    const revealing = reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    await leaving;
    const asked = service.requests.length;
    const { baseUrl } = await settings.get();
    await expect(saveConnection({ baseUrl, apiKey: 'another-key-654321' })).rejects.toMatchObject({
      message: SWITCH_WHILE_PAYING,
    });
    expect(service.requests).toHaveLength(asked);
    answer(new Response());
    await expect(revealing).resolves.toMatchObject({ job: { status: 'done', charged: 3 } });
  });
});
