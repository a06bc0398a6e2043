/**
 * A send cut off mid-request, as a stopped worker or a dropped connection leaves it: what the first try wrote down
 * (was the person already there?) is what the retry says, and the retry never makes a second record. Here the first
 * try really runs and really loses its answer, so `foundBefore` is what the send itself recorded.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LEVER_KEY, LEVER_USERS } from '../../../sim/destinations/lever';
import { saveDestination } from '../../../src/background/send-to/destinations';
import { sendContact } from '../../../src/background/send-to/send';
import { sentTo } from '../../../src/store/database/sent';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { contactRecord } from '../../support/vault-records';
import { ADDRESSES, stubDestinations } from './fakes';

let fakes: ReturnType<typeof stubDestinations>;
let slug = 0;
async function revealed() {
  slug++;
  const record = { ...contactRecord(`cut-${slug}`, `cut-c-${slug}`), name: `Cut Person ${slug}` };
  await vaultWrite.put(record);
  return record;
}

/**
 * The next request matching `method path` is lost: `reached` says whether the destination received it (and acted
 * on it) before the connection dropped, or never saw it.
 */
function loseNext(method: string, path: string, reached: boolean) {
  const inner = globalThis.fetch;
  let armed = true;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (armed && (init?.method ?? 'GET') === method && url.pathname === path) {
      armed = false;
      if (reached) await inner(input, init);
      throw new TypeError('Failed to fetch');
    }
    return inner(input, init);
  });
}

function leverAlreadyHas(email: string) {
  fakes.lever.opportunities.push({
    id: 'opp-old',
    name: 'Someone',
    contact: 'contact-old',
    emails: [email],
    links: [],
    headline: '',
    origin: 'applied',
    sources: [],
    tags: [],
    createdAt: 0,
  });
}

beforeEach(async () => {
  fakeBrowser.reset();
  vi.unstubAllGlobals();
  fakes = stubDestinations();
  await saveDestination({
    kind: 'lever',
    apiKey: LEVER_KEY,
    performAs: LEVER_USERS[0]?.id ?? '',
    baseUrl: ADDRESSES.lever,
  });
  fakes.calls.length = 0;
});

describe('a send cut off after it reached the destination', () => {
  it('to someone new: the retry finds the record it made and says created, not linked', async () => {
    const contact = await revealed();
    loseNext('POST', '/v1/opportunities', true);
    await expect(sendContact({ contactKey: contact.key, destinationId: 'lever' })).rejects.toBeTruthy();
    expect(await sentTo('lever', contact.key)).toMatchObject({ state: 'sending', foundBefore: false });
    expect(fakes.lever.opportunities).toHaveLength(1);

    const retry = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(retry.status).toBe('created');
    expect(fakes.lever.opportunities).toHaveLength(1);
    expect(await sentTo('lever', contact.key)).toMatchObject({ state: 'sent', status: 'created' });
  });

  it('to someone Lever already had: the retry says linked, as the first try would have', async () => {
    const contact = await revealed();
    leverAlreadyHas(contact.email.value);
    loseNext('POST', '/v1/opportunities', true);
    await expect(sendContact({ contactKey: contact.key, destinationId: 'lever' })).rejects.toBeTruthy();
    expect(await sentTo('lever', contact.key)).toMatchObject({ state: 'sending', foundBefore: true });

    const retry = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(retry.status).toBe('linked');
    expect(await sentTo('lever', contact.key)).toMatchObject({ state: 'sent', status: 'linked' });
  });
});

describe('a send cut off before it reached the destination', () => {
  it('the retry finds nothing there and sends it, once', async () => {
    const contact = await revealed();
    loseNext('POST', '/v1/opportunities', false);
    await expect(sendContact({ contactKey: contact.key, destinationId: 'lever' })).rejects.toBeTruthy();
    expect(await sentTo('lever', contact.key)).toMatchObject({ state: 'sending', foundBefore: false });
    expect(fakes.lever.opportunities).toHaveLength(0);

    fakes.calls.length = 0;
    const retry = await sendContact({ contactKey: contact.key, destinationId: 'lever' });
    expect(retry.status).toBe('created');
    expect(fakes.lever.opportunities).toHaveLength(1);
    expect(fakes.calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /v1/opportunities']);
  });
});
