import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { markCutOffReveals, reveal } from '../../../src/background/reveal';
import { dayOf } from '../../../src/ledger/entry';
import { db } from '../../../src/store/database/db';
import { readLedgerDays } from '../../../src/store/database/ledger/ledger';
import { forgetRoom } from '../../../src/store/database/room';
import { vault } from '../../../src/store/database/vault/vault';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { account } from '../../../src/store/items/account';
import { revealJobs } from '../../../src/store/items/reveal-jobs';
import { CUT_OFF } from '../../../src/store/work-status';
import { errorWords } from '../../../src/ui/words/errors';
import { freshConnection, GRACE, stubService } from './service-stub';

const ADA = {
  id: '1001',
  socialUrl: 'https://www.linkedin.com/in/ada-lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
};
describe('reveal (vault-aware)', () => {
  beforeEach(freshConnection);

  it('asks for the selected items, writes them to the vault, records the charge and the balance', async () => {
    const service = stubService([GRACE], 50);
    const { record, job } = await reveal({
      target: { socialUrl: 'https://uk.linkedin.com/in/Grace-Hopper/details/experience/' },
      selection: ['email', 'phone'],
    });
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]!.body).toEqual({
      social_url: GRACE.socialUrl,
      reveal_personal_email: true,
      reveal_phone: true,
    });
    expect(record?.email).toMatchObject({ found: true, value: GRACE.email });
    expect(record?.phone).toMatchObject({ found: true, value: GRACE.phone });
    expect(job).toMatchObject({ status: 'done', charged: 9, requested: ['email', 'phone'], held: [] });
    expect(job?.billingNote).toContain('successful');
    expect(await vault.get(GRACE.socialUrl)).toEqual(record);
    expect((await account.get())?.remaining).toBe(41);
  });

  it('a contact charged but not saved (a full disk) is said with its charge, and the ledger keeps the charge', async () => {
    const service = stubService([GRACE], 50);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const full = new DOMException('IO error: /p/000003.log: FILE_ERROR_NO_SPACE', 'UnknownError');
    vi.spyOn(vaultWrite, 'putMany').mockRejectedValueOnce(full);
    const failed = await reveal({
      target: { socialUrl: GRACE.socialUrl },
      selection: ['email', 'phone'],
    }).catch((error: unknown) => error);
    expect(service.requests).toHaveLength(1);
    expect(failed).toMatchObject({
      kind: 'storage-full',
      outcomeUnknown: false,
      message: 'Charged 9 credits, but the contact could not be saved: the disk is full.',
    });
    const day = dayOf(new Date());
    expect((await readLedgerDays([day])).get(day)).toEqual([
      expect.objectContaining({ kind: 'charge', state: 'charged', credits: 9, action: 'reveal' }),
    ]);
    const [job] = await revealJobs.all();
    expect(job).toMatchObject({ status: 'failed', error: { kind: 'storage-full' } });
    const words = errorWords(job!.error);
    expect(words).toMatchObject({
      title: 'Your disk is almost full',
      detail: 'Charged 9 credits, but the contact could not be saved: the disk is full.',
    });
    expect(words.nextStep).toContain('charged again');
    expect(await vault.read(GRACE.socialUrl)).toEqual({ state: 'missing' });
  });

  it.each([
    ['the browser estimates less room than an answer needs', 'estimate'],
    ['a write the size of an answer fails', 'probe'],
  ])('room before money: when %s, no paid call leaves and the disk is said to be full', async (_, how) => {
    const service = stubService([GRACE], 50);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    forgetRoom();
    if (how === 'estimate') {
      vi.stubGlobal('navigator', {
        storage: { estimate: async () => ({ quota: 2_000_000, usage: 1_900_000 }) },
      });
    } else {
      const database = await db();
      const transaction = database.transaction.bind(database);
      vi.spyOn(database, 'transaction').mockImplementation(((stores: string[], mode?: string) => {
        if ([stores].flat().includes('meta') && mode === 'readwrite') {
          throw new DOMException('IO error: 000003.log: FILE_ERROR_NO_SPACE', 'UnknownError');
        }
        return transaction(stores as never, mode as never);
      }) as never);
    }
    try {
      const refused = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }).catch(
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ kind: 'storage-full', message: 'Nothing was sent.' });
      expect(errorWords(refused)).toMatchObject({
        title: 'Your disk is almost full',
        detail: 'Nothing was sent.',
        nextStep: 'Free some space, then try again.',
      });
      expect(service.requests).toHaveLength(0);
      const day = dayOf(new Date());
      expect((await readLedgerDays([day])).get(day)).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      forgetRoom();
    }
  });

  it('never pays twice: a second reveal of held items makes no request', async () => {
    const service = stubService([GRACE]);
    await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    const again = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    expect(service.requests).toHaveLength(1);
    expect(again.job).toMatchObject({ status: 'done', requested: [], held: ['email'], charged: 0 });
    expect(again.record?.email).toMatchObject({ found: true });
  });

  it('asks only for the items not already held', async () => {
    const service = stubService([GRACE]);
    await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    const { job } = await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email', 'phone'] });
    expect(service.requests[1]!.body).toEqual({ social_url: GRACE.socialUrl, reveal_phone: true });
    expect(job).toMatchObject({ requested: ['phone'], held: ['email'], charged: 6 });
  });

  it('remembers items not found, and asks again only when told to', async () => {
    const service = stubService([ADA]);
    const first = await reveal({ target: { socialUrl: ADA.socialUrl }, selection: ['email', 'phone'] });
    expect(first.record?.phone).toMatchObject({ found: false });
    expect(first.job?.charged).toBe(3);

    const second = await reveal({ target: { socialUrl: ADA.socialUrl }, selection: ['phone'] });
    expect(second.job).toMatchObject({ status: 'done', requested: [], charged: 0 });
    expect(service.requests).toHaveLength(1);

    const third = await reveal({
      target: { socialUrl: ADA.socialUrl },
      selection: ['phone'],
      retryNotFound: true,
    });
    expect(service.requests).toHaveLength(2);
    expect(service.requests[1]!.body).toEqual({ social_url: ADA.socialUrl, reveal_phone: true });
    expect(third.job?.charged).toBe(0);
  });

  it('finds a contact revealed by URL again from its candidate id, without a request', async () => {
    const service = stubService([GRACE]);
    await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    const byId = await reveal({ target: { candidateId: GRACE.id }, selection: ['email'] });
    expect(service.requests).toHaveLength(1);
    expect(byId.record?.key).toBe(GRACE.socialUrl);
  });

  it('reveals of different contacts at once all finish on record (no job update lost)', async () => {
    const people = Array.from({ length: 4 }, (_, i) => ({
      id: `20${i}`,
      socialUrl: `https://www.linkedin.com/in/person-${i}`,
      name: `Person ${i}`,
      email: `p${i}@example.org`,
    }));
    stubService(people, 100);
    await Promise.all(
      people.map((p) => reveal({ target: { socialUrl: p.socialUrl }, selection: ['email'] })),
    );
    const all = await revealJobs.all();
    expect(all.map((j) => j.status)).toEqual(['done', 'done', 'done', 'done']);
    expect((await account.get())?.remaining).toBe(88);
  });

  it('a per-contact failure other than 404 is an error on the job, and stores nothing', async () => {
    const service = stubService([GRACE]);
    service.failNextContact(GRACE.socialUrl, 500, 'Upstream provider failed');
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }),
    ).rejects.toMatchObject({
      kind: 'server',
      status: 500,
      message: expect.stringContaining('Upstream provider failed'),
    });
    expect(await revealJobs.latestFor(GRACE.socialUrl)).toMatchObject({
      status: 'failed',
      error: { kind: 'server' },
    });
    expect(await vault.get(GRACE.socialUrl)).toBeNull();
  });

  it('a refusal after the target is known (no key) is recorded on a failed job', async () => {
    stubService([GRACE]);
    indexedDB.deleteDatabase('candidate-lens-secrets');
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }),
    ).rejects.toMatchObject({
      kind: 'not-set-up',
    });
    expect(await revealJobs.latestFor(GRACE.socialUrl)).toMatchObject({
      status: 'failed',
      error: { message: expect.stringContaining('Options') },
    });
  });

  it('a search row without a profile URL is asked by candidate id, and held under that id', async () => {
    const service = stubService([GRACE]);
    const { record, job } = await reveal({
      target: { candidateId: GRACE.id },
      selection: ['email'],
      hints: { name: 'Grace Hopper' },
    });
    expect(service.requests.map((r) => r.body)).toEqual([
      { candidate_id: GRACE.id, reveal_personal_email: true },
    ]);
    expect(record).toMatchObject({ key: `id:${GRACE.id}`, candidateId: GRACE.id, socialUrl: null });
    expect(job).toMatchObject({ status: 'done', charged: 3 });
    // Later the same candidate appears with a URL: the id-held record is found, nothing is asked again.
    const again = await reveal({
      target: { socialUrl: GRACE.socialUrl, candidateId: GRACE.id },
      selection: ['email'],
    });
    expect(service.requests).toHaveLength(1);
    expect(again.record?.key).toBe(`id:${GRACE.id}`);
  });

  it('two clicks at once make one request', async () => {
    const service = stubService([GRACE]);
    await Promise.all([
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }),
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }),
    ]);
    expect(service.requests).toHaveLength(1);
  });

  it('records an unknown candidate (404 inside a 200) at no charge', async () => {
    stubService([]);
    const { record, job } = await reveal({
      target: { socialUrl: 'linkedin.com/in/nobody-here' },
      selection: ['email'],
    });
    expect(record?.unknownAt).toBeTypeOf('string');
    expect(job).toMatchObject({ status: 'done', charged: 0, retrieved: [] });
  });

  it('a refused reveal is a failed job, and the vault keeps what it had', async () => {
    const service = stubService([GRACE]);
    await reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] });
    service.state.next = () =>
      service.json(403, {
        success: false,
        message: 'Insufficient credits',
        credits_info: { required: 6, available: 2, breakdown: '1 contact x 6 credits' },
      });
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['phone'] }),
    ).rejects.toMatchObject({
      kind: 'insufficient-credits',
    });
    const latest = await revealJobs.latestFor(GRACE.socialUrl);
    expect(latest).toMatchObject({ status: 'failed', error: { kind: 'insufficient-credits' } });
    expect((await vault.get(GRACE.socialUrl))?.email).toMatchObject({ found: true, value: GRACE.email });
    expect((await vault.get(GRACE.socialUrl))?.phone).toBeUndefined();
  });

  it('refuses before any request: no key, not a profile URL, nothing selected', async () => {
    const service = stubService([GRACE]);
    await expect(
      reveal({ target: { socialUrl: 'https://www.linkedin.com/company/acme' }, selection: ['email'] }),
    ).rejects.toMatchObject({
      kind: 'invalid-request',
      message: expect.stringContaining('not a LinkedIn profile URL'),
    });
    await expect(reveal({ target: { socialUrl: GRACE.socialUrl }, selection: [] })).rejects.toMatchObject({
      kind: 'invalid-request',
    });
    indexedDB.deleteDatabase('candidate-lens-secrets');
    await expect(
      reveal({ target: { socialUrl: GRACE.socialUrl }, selection: ['email'] }),
    ).rejects.toMatchObject({
      kind: 'not-set-up',
      message: 'No API key is saved yet. Enter your API key in Options.',
    });
    expect(service.requests).toHaveLength(0);
  });

  it('marks jobs left running by a stopped worker as cut off, and only those', async () => {
    const base = {
      kind: 'reveal' as const,
      vaultKey: 'k',
      target: { socialUrl: 'k', candidateId: null },
      requested: ['email' as const],
      held: [],
    };
    await revealJobs.put({ ...base, id: 'old', status: 'running', startedAt: '2026-01-01T00:00:00.000Z' });
    await revealJobs.put({ ...base, id: 'new', status: 'running', startedAt: '2026-06-01T00:00:00.000Z' });
    await markCutOffReveals(new Date('2026-03-01T00:00:00.000Z'));
    const all = await revealJobs.all();
    expect(all.find((j) => j.id === 'old')?.status).toBe(CUT_OFF);
    expect(all.find((j) => j.id === 'new')?.status).toBe('running');
  });
});
