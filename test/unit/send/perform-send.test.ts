/**
 * One send at a destination, driven through `performSend` itself (the path the team gateway takes too): a person
 * already sent is never sent again; a retry of a cut-off send says what the first try found and does not rewrite it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ASHBY_KEY } from '../../../sim/destinations/ashby';
import { LEVER_KEY, LEVER_USERS } from '../../../sim/destinations/lever';
import type { DestinationSettings } from '../../../src/send/destinations';
import { performSend } from '../../../src/send/outcome';
import type { SendPerson } from '../../../src/send/types';
import { ADDRESSES, stubDestinations } from './fakes';

let fakes: ReturnType<typeof stubDestinations>;
const ADA: SendPerson = { name: 'Ada Lovelace', emails: ['ada-send@example.org'], phones: [] };
const LEVER: DestinationSettings = {
  id: 'lever',
  label: 'Lever',
  kind: 'lever',
  apiKey: LEVER_KEY,
  performAs: LEVER_USERS[0]?.id ?? '',
  baseUrl: ADDRESSES.lever,
};
const ASHBY: DestinationSettings = {
  id: 'ashby',
  label: 'Ashby',
  kind: 'ashby',
  apiKey: ASHBY_KEY,
  baseUrl: ADDRESSES.ashby,
};

function ashbyHasAda() {
  fakes.ashby.candidates.push({
    id: 'cand-ada',
    name: ADA.name,
    primaryEmailAddress: { value: ADA.emails[0]!, type: 'Personal', isPrimary: true },
    phoneNumbers: [],
    socialLinks: [],
  });
}

beforeEach(() => {
  vi.unstubAllGlobals();
  fakes = stubDestinations();
});

describe('a person already sent to this destination', () => {
  it("is not sent again: no request, and the first send's record and link", async () => {
    const intend = vi.fn(async () => undefined);
    const outcome = await performSend(
      LEVER,
      ADA,
      { state: 'sent', recordId: 'opp-1', link: 'https://hire.lever.co/candidates/opp-1' },
      intend,
    );
    expect(outcome).toEqual({
      status: 'already-there',
      id: 'opp-1',
      link: 'https://hire.lever.co/candidates/opp-1',
      alreadySent: true,
    });
    expect(fakes.calls).toEqual([]);
    expect(intend).not.toHaveBeenCalled();
  });

  it('one whose first send kept no record or link is still not sent again', async () => {
    const outcome = await performSend(ASHBY, ADA, { state: 'sent' }, async () => undefined);
    expect(outcome).toEqual({ status: 'already-there', id: '', alreadySent: true });
    expect(fakes.calls).toEqual([]);
  });
});

describe('a retry of a send cut off midway', () => {
  it('finding the person Ashby already had before: already there (Lever alone says linked)', async () => {
    ashbyHasAda();
    const outcome = await performSend(
      ASHBY,
      ADA,
      { state: 'sending', foundBefore: true },
      async () => undefined,
    );
    expect(outcome).toMatchObject({ status: 'already-there', id: 'cand-ada' });
    expect(fakes.ashby.candidates).toHaveLength(1);
  });

  it('finding the record the first try made: created', async () => {
    ashbyHasAda();
    const outcome = await performSend(
      ASHBY,
      ADA,
      { state: 'sending', foundBefore: false },
      async () => undefined,
    );
    expect(outcome).toMatchObject({ status: 'created', id: 'cand-ada' });
  });

  it('does not write its intent again: what the first try found stays as it wrote it', async () => {
    const intend = vi.fn(async () => undefined);
    const outcome = await performSend(LEVER, ADA, { state: 'sending', foundBefore: false }, intend);
    expect(outcome.status).toBe('created');
    expect(intend).not.toHaveBeenCalled();
    expect(fakes.lever.opportunities).toHaveLength(1);
  });

  it('a first send writes its intent once, before its request, with what the lookup found', async () => {
    ashbyHasAda();
    const order: string[] = [];
    const intend = vi.fn(async (foundBefore: boolean) => {
      order.push(`intend ${foundBefore}`, ...fakes.calls);
    });
    await performSend(ASHBY, ADA, null, intend);
    expect(intend).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['intend true', 'POST /candidate.search']);
  });
});
