/**
 * A bulk reveal's receipt once the job has ended: what the ledger holds for the job, kept on the receipt shown and
 * on the one filed, as balances settle its lookups that got no answer, whether the user asks ("Check the balance
 * again") or a balance read elsewhere settles them; a receipt says when the split of a charge cannot be told.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshAccount } from '../../../../src/background/connection';
import { recheck } from '../../../../src/background/jobs/bulk-receipt';
import { bulkRunEnded, controlBulk, resumeBulkJob } from '../../../../src/background/jobs/bulk-reveal';
import type { BulkJob } from '../../../../src/bulk/job';
import { bulkJobs } from '../../../../src/store/database/bulk-jobs-write';
import { appendEntry } from '../../../../src/store/database/ledger/ledger-write';
import { lostLine } from '../../../../src/ui/words/bulk-lost';
import { asTeamMember, freshConnection, type StubContact, stubService } from '../service-stub';
import { advance, jobOf, ledgerCall, people } from './bulk-helpers';

/** An ended job whose lookups of `lost` got no answer, its receipt as written when it ended. */
function endedJob(id: string, contacts: StubContact[], lost: number, createdAt: string): BulkJob {
  const states = contacts.map((_, i): BulkJob['items'][number]['state'] =>
    i < lost ? 'may-have-charged' : 'revealed',
  );
  return {
    ...jobOf(id, contacts, states, 'done', createdAt),
    finishedAt: createdAt,
    balanceAfter: 10_000 - 3 * (contacts.length - lost),
    spend: {
      charged: 3 * (contacts.length - lost),
      uncertain: lost,
      uncertainMax: 3 * lost,
      shared: false,
      lost: { calls: lost, credits: 0 },
    },
  };
}

/** Past the time the service can still be finishing a lookup: a balance now settles what it cost. */
const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

const filed = async (id: string) => (await bulkJobs.history()).find((job) => job.id === id);

let service: ReturnType<typeof stubService>;

beforeEach(async () => {
  await bulkRunEnded();
  await freshConnection();
  service = stubService(people(3), 10_000);
  vi.stubGlobal('fetch', service.fetch);
  // The balance the lost lookups settle against.
  await refreshAccount();
});
afterEach(() => vi.unstubAllGlobals());

describe('the receipt of an ended bulk reveal follows the ledger', () => {
  it('two lost lookups, one charged: the receipt says what they cost together, and that the split is not known', async () => {
    const contacts = people(3);
    const at = aMinuteAgo();
    const ended = endedJob('job-shared', contacts, 2, at);
    await ledgerCall(contacts[0]!, 'job-shared', at);
    await ledgerCall(contacts[1]!, 'job-shared', at);
    await ledgerCall(contacts[2]!, 'job-shared', at, 'charged');
    await bulkJobs.setCurrent(ended);
    await bulkJobs.file(ended);
    // The service charged the answered lookup and one of the two lost (3 of the 6 they could cost); which one, no
    // answer says.
    service.state.balance -= 6;
    await refreshAccount();
    const settled = {
      charged: 6,
      uncertain: 0,
      uncertainMax: 0,
      shared: true,
      lost: { calls: 2, credits: 3 },
    };
    await vi.waitFor(async () => expect((await bulkJobs.current())!.spend).toEqual(settled));
    expect((await filed('job-shared'))!.spend).toEqual(settled);
  });

  it('one lost lookup, settled: its cost is known, not shared', async () => {
    const contacts = people(2);
    const at = aMinuteAgo();
    const ended = endedJob('job-one', contacts, 1, at);
    await ledgerCall(contacts[0]!, 'job-one', at);
    await ledgerCall(contacts[1]!, 'job-one', at, 'charged');
    await bulkJobs.setCurrent(ended);
    await bulkJobs.file(ended);
    // The answered lookup's 3 credits, and the lost one's.
    service.state.balance -= 6;
    const rechecked = await controlBulk('recheck');
    const settled = {
      charged: 6,
      uncertain: 0,
      uncertainMax: 0,
      shared: false,
      lost: { calls: 1, credits: 3 },
    };
    // What the panel shows at once after the click: the balance now, and what the lost lookup cost.
    expect(rechecked!.balanceAfter).toBe(10_000 - 6);
    expect(rechecked!.spend).toEqual(settled);
    expect((await bulkJobs.current())!.spend).toEqual(settled);
    expect((await filed('job-one'))!.spend).toEqual(settled);
  });
});

describe('a receipt with its own key', () => {
  it("keeps a lost lookup not known yet while the service may still be at it, in its own words, not the team's", async () => {
    const contacts = people(2);
    // Sent just now: the service may still be finishing it, so a balance now cannot say what it cost.
    const now = new Date().toISOString();
    const ended = endedJob('job-own', contacts, 1, now);
    await ledgerCall(contacts[0]!, 'job-own', now);
    await ledgerCall(contacts[1]!, 'job-own', aMinuteAgo(), 'charged');
    await bulkJobs.setCurrent(ended);
    await bulkJobs.file(ended);
    service.state.balance -= 3;
    const rechecked = await controlBulk('recheck');
    const notYet = {
      charged: 3,
      uncertain: 1,
      uncertainMax: 3,
      shared: false,
      lost: { calls: 1, credits: 0 },
    };
    expect(rechecked!.spend).toEqual(notYet);
    expect((await filed('job-own'))!.spend).toEqual(notYet);
    expect(lostLine(1, { credits: 0, pending: 1, most: 3, team: rechecked!.spend!.team })).toBe(
      '1 answer never arrived: what it costs is not known yet (up to 3 credits); checking again shortly.',
    );
  });
});

describe("a team member's receipt", () => {
  it("keeps a lost lookup not known when the team's balance falls: a teammate's spending is not its charge", async () => {
    await asTeamMember(service);
    const contacts = people(2);
    const at = aMinuteAgo();
    const ended = endedJob('job-team', contacts, 1, at);
    await ledgerCall(contacts[0]!, 'job-team', at);
    await ledgerCall(contacts[1]!, 'job-team', at, 'charged');
    await bulkJobs.setCurrent(ended);
    await bulkJobs.file(ended);
    // The answered lookup's 3 credits, and 3 a teammate spent from the team's balance.
    service.state.balance -= 6;
    const rechecked = await controlBulk('recheck');
    const notKnown = {
      charged: 3,
      uncertain: 1,
      uncertainMax: 3,
      shared: false,
      lost: { calls: 1, credits: 0 },
      team: true,
    };
    expect(rechecked!.spend).toEqual(notKnown);
    expect((await filed('job-team'))!.spend).toEqual(notKnown);
    const line = lostLine(1, { credits: 0, pending: 1, most: 3, team: true });
    expect(line).toBe(
      "1 answer never arrived: it may have been charged, up to 3 credits. Your team's balance cannot tell, as teammates spend from it too; your team's admin sees each of your lookups in the team console.",
    );
  });
});

describe('an earlier receipt, once another job is shown', () => {
  it('its own balance check, set again by a restarted worker, stores the balance after on it, not on the job shown', async () => {
    const contacts = people(3);
    const at = aMinuteAgo();
    const earlier = endedJob('job-earlier', contacts.slice(0, 2), 1, at);
    await ledgerCall(contacts[0]!, 'job-earlier', at);
    await ledgerCall(contacts[1]!, 'job-earlier', at, 'charged');
    await bulkJobs.file(earlier);
    // "Ask again" since: its job, settled, is shown and filed.
    const again = { ...endedJob('job-again', [contacts[2]!], 0, at), spend: undefined };
    await bulkJobs.setCurrent(again);
    await bulkJobs.file(again);
    service.state.balance -= 6;
    await resumeBulkJob();
    await vi.waitFor(async () => expect((await filed('job-earlier'))!.balanceAfter).toBe(10_000 - 6));
    expect((await filed('job-earlier'))!.spend).toMatchObject({ charged: 6, uncertain: 0 });
    expect(await bulkJobs.current()).toEqual(again);
  });

  it("an earlier receipt's check resolves with the job shown, so a page shown its answer keeps the newer job", async () => {
    const contacts = people(3);
    const at = aMinuteAgo();
    await ledgerCall(contacts[0]!, 'job-earlier', at);
    await bulkJobs.file(endedJob('job-earlier', contacts.slice(0, 2), 1, at));
    const again = { ...endedJob('job-again', [contacts[2]!], 0, at), spend: undefined };
    await bulkJobs.setCurrent(again);
    await bulkJobs.file(again);
    service.state.balance -= 3;
    await expect(recheck('job-earlier')).resolves.toEqual(again);
    expect((await filed('job-earlier'))!.balanceAfter).toBe(10_000 - 3);
  });

  it('while a new job is paused, the earlier receipt still follows the ledger', async () => {
    const contacts = people(3);
    const at = aMinuteAgo();
    const earlier = endedJob('job-earlier', contacts.slice(0, 2), 1, at);
    await ledgerCall(contacts[0]!, 'job-earlier', at);
    await ledgerCall(contacts[1]!, 'job-earlier', at, 'charged');
    await bulkJobs.file(earlier);
    const paused = jobOf('job-paused', [contacts[2]!], ['queued'], 'paused');
    await bulkJobs.setCurrent(paused);
    service.state.balance -= 6;
    await refreshAccount();
    await vi.waitFor(async () =>
      expect((await filed('job-earlier'))!.spend).toMatchObject({
        uncertain: 0,
        lost: { calls: 1, credits: 3 },
      }),
    );
    expect(await bulkJobs.current()).toEqual(paused);
  });
});

describe('a receipt shown and not yet filed', () => {
  it('(its worker stopped as the job ended) follows the ledger all the same, and is filed', async () => {
    const contacts = people(2);
    const at = aMinuteAgo();
    await ledgerCall(contacts[0]!, 'job-unfiled', at);
    await ledgerCall(contacts[1]!, 'job-unfiled', at, 'charged');
    await bulkJobs.setCurrent(endedJob('job-unfiled', contacts, 1, at));
    service.state.balance -= 6;
    await refreshAccount();
    await vi.waitFor(async () => expect((await bulkJobs.current())!.spend).toMatchObject({ uncertain: 0 }));
    expect((await filed('job-unfiled'))!.spend).toMatchObject({ charged: 6, uncertain: 0 });
  });

  it('(its worker stopped as the job ended) follows the ledger all the same beside the receipts filed before it', async () => {
    const contacts = people(3);
    const at = aMinuteAgo();
    // An earlier job's receipt, filed and settled.
    await ledgerCall(contacts[2]!, 'job-before', at, 'charged');
    const before = endedJob('job-before', [contacts[2]!], 0, at);
    await bulkJobs.file(before);
    await ledgerCall(contacts[0]!, 'job-unfiled', at);
    await ledgerCall(contacts[1]!, 'job-unfiled', at, 'charged');
    await bulkJobs.setCurrent(endedJob('job-unfiled', contacts.slice(0, 2), 1, at));
    // The earlier job's lookup, this job's answered one, and its lost one: 3 credits each.
    service.state.balance -= 9;
    await refreshAccount();
    await vi.waitFor(async () =>
      expect((await bulkJobs.current())!.spend).toMatchObject({ charged: 6, uncertain: 0 }),
    );
    expect((await filed('job-unfiled'))!.spend).toMatchObject({ charged: 6, uncertain: 0 });
    expect((await filed('job-before'))!.spend).toEqual(before.spend);
  });

  it('dismissed while its balance is checked again: the check answers with no job shown', async () => {
    const contacts = people(2);
    const at = aMinuteAgo();
    await ledgerCall(contacts[0]!, 'job-gone', at);
    await bulkJobs.setCurrent(endedJob('job-gone', contacts, 1, at));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      // Another panel dismisses the receipt while the balance is asked for.
      if (String(input).endsWith('/v1/account')) await bulkJobs.setCurrent(null);
      return answer(input, init);
    });
    await expect(controlBulk('recheck')).resolves.toBeNull();
    expect(await bulkJobs.current()).toBeNull();
  });
});

describe("the background's own balance check after a job", () => {
  afterEach(() => vi.useRealTimers());

  it('waits from when the lost lookup was handed to the network, not from when it was written ahead', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const contacts = people(2);
    const now = Date.now();
    const written = new Date(now - 10_000).toISOString();
    const handed = new Date(now).toISOString();
    // Written ahead, and handed to the network 10 s later (a slow disk): the service may be at it 15 s after that.
    await appendEntry({
      kind: 'charge',
      id: 'job-late-c0',
      at: written,
      handedAt: handed,
      action: 'bulk-reveal',
      items: [],
      credits: 0,
      maxCredits: 3,
      state: 'uncertain',
      ref: 'job-late',
      subject: contacts[0]!.socialUrl,
    });
    await bulkJobs.setCurrent(endedJob('job-late', contacts, 1, written));
    const balanceChecks = () => service.requests.filter((r) => r.path === '/v1/account').length;
    const before = balanceChecks();
    await resumeBulkJob();
    // Not before the service is done with it (15 s), with a second's margin: a balance then could not tell.
    await advance(15_500);
    expect(balanceChecks()).toBe(before);
    await advance(1_500);
    await vi.waitFor(() => expect(balanceChecks()).toBe(before + 1));
  });
});
