/**
 * A bulk reveal the service holds back (429): the whole job waits, not one contact at a time, whether it was
 * started here or resumed (after a pause, or by a restarted worker); and its own wait, when the service does not
 * say how long, starts short again once the service answers.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkRunEnded, controlBulk, startBulkReveal } from '../../../../src/background/jobs/bulk-reveal';
import { bulkJobs } from '../../../../src/store/database/bulk-jobs-write';
import { account } from '../../../../src/store/items/account';
import { freshConnection, type StubContact, stubService } from '../service-stub';
import { advance, jobOf, people, rateLimited, rows } from './bulk-helpers';

/**
 * The stub service behind a fetch whose lookups answer after `delayMs` (per contact when a function), or with the
 * answers `scripted` for a contact first, in order; `sent` is each lookup's contact and time.
 */
function service(contacts: StubContact[], delayMs: number | ((url: string) => number) = 5) {
  const stub = stubService(contacts, 10_000);
  const inner = stub.fetch.getMockImplementation()!;
  const scripted = new Map<string, Array<() => Response>>();
  const sent: { url: string; at: number }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).endsWith('/v1/lookup')) return inner(input, init);
    const url = String(JSON.parse(String(init?.body)).social_url);
    sent.push({ url, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, typeof delayMs === 'number' ? delayMs : delayMs(url)));
    const next = scripted.get(url)?.shift();
    return next ? next() : inner(input, init);
  });
  const sentTo = (url: string) => sent.filter((s) => s.url === url).map((s) => s.at);
  return { stub, scripted, sent, sentTo };
}

beforeEach(async () => {
  await bulkRunEnded();
  await freshConnection();
  await account.set({ remaining: 10_000, purchased: null, checkedAt: new Date().toISOString() });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a resumed bulk reveal the service holds back', () => {
  it('waits out the Retry-After with every lookup held, says until when, then asks each contact once more', async () => {
    const contacts = people(20);
    const s = service(contacts);
    // One lookup of the first fifteen is refused: the five still queued wait with it.
    s.scripted.set(contacts[0]!.socialUrl, [() => rateLimited(3)]);
    await bulkJobs.setCurrent(jobOf('job-resumed', contacts, Array(20).fill('queued'), 'paused'));
    await controlBulk('resume');
    await advance(100);
    const waiting = (await bulkJobs.current())!;
    expect(waiting.status).toBe('running');
    expect(waiting.waitUntil).toBeDefined();
    const sentBeforeWait = s.sent.length;
    expect(sentBeforeWait).toBe(15);
    // Nothing leaves while the service asked to wait: not the contact refused, not the five queued.
    await advance(2_500);
    expect(s.sent.length).toBe(sentBeforeWait);
    await advance(2_000);
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.status).toBe('done');
    expect(ended.items.every((item) => item.state === 'revealed')).toBe(true);
    expect(s.sent).toHaveLength(21);
    const [refused, again] = s.sentTo(contacts[0]!.socialUrl);
    expect(again! - refused!).toBeGreaterThanOrEqual(3_000);
    expect(ended.items.reduce((sum, item) => sum + (item.charged ?? 0), 0)).toBe(60);
  });
});

describe('a bulk reveal the service holds back without saying for how long', () => {
  it('after an answer, the next hold is short again: 1 s, not double the last', async () => {
    const [ada, grace] = people(2);
    // Ada is held back twice; Grace's answer comes between the two holds.
    const s = service([ada!, grace!], (url) => (url === grace!.socialUrl ? 300 : 5));
    s.scripted.set(ada!.socialUrl, [() => rateLimited(), () => rateLimited()]);
    await startBulkReveal({
      candidates: rows([ada!, grace!]),
      selection: ['email'],
      stopWhenOut: false,
      confirmedMax: 6,
    });
    await advance(4_000);
    await bulkRunEnded();
    const ended = (await bulkJobs.current())!;
    expect(ended.items.map((item) => item.state)).toEqual(['revealed', 'revealed']);
    const times = s.sentTo(ada!.socialUrl);
    expect(times).toHaveLength(3);
    // The first hold (1 s), Grace answered during it, then the second hold, short again (1 s, not 2 s).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1_000);
    expect(times[2]! - times[1]!).toBeLessThan(1_500);
  });
});
