import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type ChargeEntry, dayOf, type LedgerEntry } from '../../../../../src/ledger/entry';
import { onChange } from '../../../../../src/store/database/changes';
import { db } from '../../../../../src/store/database/db';
import {
  chargesOf,
  ledgerDays,
  openCharges,
  readLedgerDays,
  readMeta,
} from '../../../../../src/store/database/ledger/ledger';
import {
  appendEntry,
  dropNeverLeftOf,
  markHandedOver,
  resolveEntry,
  type Settle,
} from '../../../../../src/store/database/ledger/ledger-write';

const AT = '2026-05-04T10:00:00.000Z';
const charge = (id: string, over: Partial<ChargeEntry> = {}): ChargeEntry => ({
  kind: 'charge',
  id,
  at: AT,
  action: 'bulk-reveal',
  items: ['email'],
  credits: 3,
  maxCredits: 3,
  state: 'charged',
  ref: 'job-1',
  ...over,
});
const uncertain = (id: string, over: Partial<ChargeEntry> = {}) =>
  charge(id, { state: 'uncertain', credits: 0, items: [], ...over });
const day = async (): Promise<LedgerEntry[]> => (await readLedgerDays([dayOf(AT)])).get(dayOf(AT)) ?? [];
/** Confirms every charge it is given at 3 credits. */
const confirmAll: Settle = (_anchor, after) =>
  after
    .filter((e) => e.state === 'uncertain')
    .map((e) => ({ ...e, state: 'confirmed' as const, credits: 3, settledAt: AT }));

describe('appending to the ledger', () => {
  beforeEach(() => fakeBrowser.reset());

  it('stores entries asked for together in the order asked, in fewer transactions than entries', async () => {
    const database = await db();
    const transaction = vi.spyOn(database, 'transaction');
    await Promise.all(Array.from({ length: 15 }, (_, i) => appendEntry(charge(`c${i}`))));
    const writes = transaction.mock.calls.filter(([, mode]) => mode === 'readwrite');
    expect(writes.length).toBeLessThan(15);
    expect((await day()).map((e) => e.id)).toEqual(Array.from({ length: 15 }, (_, i) => `c${i}`));
    expect(await ledgerDays()).toEqual([dayOf(AT)]);
  });

  it('resolves each append only once its entry is stored, and tells other contexts afterwards', async () => {
    const heard: string[][] = [];
    const stop = onChange((change) => change.store === 'ledger' && heard.push(change.keys));
    const seen = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        await appendEntry(charge(`c${i}`));
        return (await day()).map((e) => e.id);
      }),
    );
    for (const [i, ids] of seen.entries()) expect(ids).toContain(`c${i}`);
    await vi.waitFor(() => expect(heard.flat().sort()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']));
    stop();
  });

  it('refuses an entry that does not read as one, and stores the others', async () => {
    const bad = appendEntry({ ...charge('bad'), credits: -1 });
    const good = appendEntry(charge('good'));
    await expect(bad).rejects.toThrow();
    await good;
    expect((await day()).map((e) => e.id)).toEqual(['good']);
  });

  it('a failed write fails every append it carried, and the next write starts afresh', async () => {
    const database = await db();
    const real = database.transaction.bind(database);
    const transaction = vi.spyOn(database, 'transaction').mockImplementationOnce((() => {
      throw new Error('disk full');
    }) as never);
    await expect(appendEntry(charge('lost'))).rejects.toThrow('disk full');
    transaction.mockImplementation(real as never);
    await appendEntry(charge('kept'));
    expect((await day()).map((e) => e.id)).toEqual(['kept']);
  });

  it('an uncertain charge is open until its answer settles it, or a refusal takes it off', async () => {
    await appendEntry(uncertain('u1'));
    await appendEntry(uncertain('u2'));
    expect((await openCharges()).map((e) => e.id)).toEqual(['u1', 'u2']);
    await resolveEntry('u1', (e) => ({ ...e, state: 'charged', credits: 3, items: ['email'] }));
    await resolveEntry('u2', () => null);
    await resolveEntry('gone', () => null);
    expect(await openCharges()).toEqual([]);
    expect(await day()).toMatchObject([{ id: 'u1', state: 'charged', credits: 3 }]);
    expect(await chargesOf('job-1', AT)).toMatchObject([{ id: 'u1' }]);
  });
});

describe('settling against a balance', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a balance written with charges before it settles the uncertain ones after the anchor', async () => {
    await Promise.all([
      appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll),
      appendEntry(uncertain('u1')),
      appendEntry(charge('c2')),
      appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 94 }, confirmAll),
    ]);
    const entries = await day();
    expect(entries.map((e) => e.id)).toEqual(['b0', 'u1', 'c2', 'b1']);
    expect(entries[1]).toMatchObject({ state: 'confirmed', credits: 3 });
    expect(await openCharges()).toEqual([]);
    expect(await readMeta()).toMatchObject({ anchor: null, lastBalance: { id: 'b1' } });
  });

  it('is given only the charges after the anchor, and a "not yet" keeps them open', async () => {
    await appendEntry(charge('before'));
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1'));
    expect(await readMeta()).toMatchObject({ anchor: { id: 'b0' } });
    const given: string[][] = [];
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 97 }, (anchor, after) => {
      given.push([anchor.id, ...after.map((e) => e.id)]);
      return null;
    });
    expect(given).toEqual([['b0', 'u1']]);
    expect((await openCharges()).map((e) => e.id)).toEqual(['u1']);
    expect(await readMeta()).toMatchObject({ anchor: { id: 'b0' } });
  });

  it('a balance that cannot tell closes the open calls as they are: uncertain, counted at their most', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1'));
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 150 }, () => []);
    expect(await openCharges()).toEqual([]);
    expect(await day()).toMatchObject([{ id: 'b0' }, { id: 'u1', state: 'uncertain' }, { id: 'b1' }]);
  });

  it('a balance takes off the open calls never handed to the network, and settles the rest without them', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('left', { handedAt: AT }));
    await appendEntry(uncertain('never', { handedAt: null }));
    await appendEntry(uncertain('before-markers'));
    const given: string[] = [];
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 94 }, (anchor, after) => {
      given.push(...after.map((e) => e.id));
      return confirmAll(anchor, after);
    });
    // An entry with no hand-over field (written before it was recorded) cannot tell: the balance settles it.
    expect(given).toEqual(['left', 'before-markers']);
    expect(await openCharges()).toEqual([]);
    expect((await day()).map((e) => e.id)).toEqual(['b0', 'left', 'before-markers', 'b1']);
    expect(await readMeta()).toMatchObject({ anchor: null });
  });

  it('a hand-over is recorded on the entry, and refused for an entry no longer on the ledger', async () => {
    await appendEntry(uncertain('u1', { handedAt: null }));
    await markHandedOver('u1', AT);
    expect(await openCharges()).toMatchObject([{ id: 'u1', handedAt: AT, state: 'uncertain' }]);
    await expect(markHandedOver('gone', AT)).rejects.toThrow('no longer on the ledger');
  });

  it('a worker taking over takes off only the calls that never left', async () => {
    await appendEntry(uncertain('never', { handedAt: null }));
    await appendEntry(uncertain('left', { handedAt: AT }));
    await appendEntry(uncertain('old'));
    await appendEntry(charge('answered', { handedAt: AT }));
    await dropNeverLeftOf(await chargesOf('job-1', AT));
    expect((await day()).map((e) => e.id)).toEqual(['left', 'old', 'answered']);
  });

  it('a worker taking over tells other pages only of the calls it took off', async () => {
    await appendEntry(uncertain('never', { handedAt: null }));
    await appendEntry(uncertain('left', { handedAt: AT }));
    await appendEntry(charge('answered', { handedAt: AT }));
    const heard: string[][] = [];
    const stop = onChange((change) => change.store === 'ledger' && heard.push(change.keys));
    await dropNeverLeftOf(await chargesOf('job-1', AT));
    // Each page told re-reads its month: the calls left alone are not news.
    await appendEntry(charge('after'));
    await vi.waitFor(() => expect(heard.flat()).toContain('after'));
    expect(heard).toEqual([['never'], ['after']]);
    stop();
  });

  it('a damaged open entry neither stops a balance from settling the others nor is lost', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1', { handedAt: AT }));
    // Open (in the open index) but no longer read as an entry: what the balance's sweep of never-left calls meets.
    await (await db()).put('ledger', {
      id: 'damaged',
      kind: 'charge',
      day: dayOf(AT),
      seq: 50,
      open: 50,
    } as never);
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 97 }, confirmAll);
    expect(await openCharges()).toEqual([]);
    expect((await day()).find((e) => e.id === 'u1')).toMatchObject({ state: 'confirmed' });
    expect(await (await db()).get('ledger', 'damaged')).toMatchObject({ id: 'damaged' });
  });

  it('a call handed over after the worker taking over read it stays on the ledger (it may be charged)', async () => {
    await appendEntry(uncertain('racing', { handedAt: null }));
    const read = await chargesOf('job-1', AT);
    // The old worker records its hand-over between the new worker's read and its write.
    await markHandedOver('racing', AT);
    await dropNeverLeftOf(read);
    expect(await openCharges()).toMatchObject([{ id: 'racing', handedAt: AT, state: 'uncertain' }]);
  });

  it('a balance written without a settle step (a call in flight) settles nothing', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1'));
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 97 });
    expect((await openCharges()).map((e) => e.id)).toEqual(['u1']);
    expect(await readMeta()).toMatchObject({ lastBalance: { id: 'b0' } });
  });

  it('a lost call is still settled by a later balance after a newer lost call was written', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1'));
    // A balance that cannot settle yet ("not yet"): u1 stays open, counted from b0.
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 97 }, () => null);
    await appendEntry(uncertain('u2'));
    const given: string[][] = [];
    await appendEntry({ kind: 'balance', id: 'b2', at: AT, remaining: 94 }, (anchor, after) => {
      given.push([anchor.id, ...after.filter((e) => e.state === 'uncertain').map((e) => e.id)]);
      return confirmAll(anchor, after);
    });
    expect(given).toEqual([['b0', 'u1', 'u2']]);
    expect(await openCharges()).toEqual([]);
    expect(await day()).toMatchObject([
      { id: 'b0' },
      { id: 'u1', state: 'confirmed' },
      { id: 'b1' },
      { id: 'u2', state: 'confirmed' },
      { id: 'b2' },
    ]);
  });

  it('the first balance of a fresh install after a lost call closes it as uncertain, and throws nothing', async () => {
    await appendEntry(uncertain('u1'));
    expect(await readMeta()).toMatchObject({ anchor: null, lastBalance: null });
    const settle = vi.fn(confirmAll);
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 97 }, settle);
    // No balance before the call: what it cost cannot be told, so it stays at its most.
    expect(settle).not.toHaveBeenCalled();
    expect(await openCharges()).toEqual([]);
    expect(await day()).toMatchObject([{ id: 'u1', state: 'uncertain' }, { id: 'b1' }]);
    expect(await readMeta()).toMatchObject({ anchor: null, lastBalance: { id: 'b1' } });
  });

  it('the anchor is let go once no call is open, so the next lost call counts from the newest balance', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1'));
    expect(await readMeta()).toMatchObject({ anchor: { id: 'b0' } });
    await resolveEntry('u1', (e) => ({ ...e, state: 'charged', credits: 3 }));
    expect(await readMeta()).toMatchObject({ anchor: null });
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 97 }, confirmAll);
    await appendEntry(uncertain('u2'));
    expect(await readMeta()).toMatchObject({ anchor: { id: 'b1' } });
  });

  it('an answer that leaves its call uncertain keeps the anchor for the calls still open', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1'));
    await resolveEntry('u1', (e) => ({ ...e, label: 'still unknown' }));
    expect(await readMeta()).toMatchObject({ anchor: { id: 'b0' } });
    expect((await openCharges()).map((e) => e.id)).toEqual(['u1']);
  });

  it('gives the charges after the anchor in the order they were written, whatever their ids', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    for (const id of ['zz', 'mm', 'aa', 'qq']) await appendEntry(uncertain(id));
    const given: string[] = [];
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 90 }, (anchor, after) => {
      given.push(...after.map((e) => e.id));
      return confirmAll(anchor, after);
    });
    expect(given).toEqual(['zz', 'mm', 'aa', 'qq']);
  });

  it('gives them in the order written even when a later one fell on an earlier local day (a clock or zone change)', async () => {
    const dayAt = (d: number) => new Date(2026, 4, d, 12).toISOString();
    await appendEntry({ kind: 'balance', id: 'b0', at: dayAt(3), remaining: 100 }, confirmAll);
    await appendEntry(uncertain('first', { at: dayAt(5) }));
    await appendEntry(uncertain('second', { at: dayAt(4) }));
    const given: string[] = [];
    await appendEntry({ kind: 'balance', id: 'b1', at: dayAt(5), remaining: 94 }, (anchor, after) => {
      given.push(...after.map((e) => e.id));
      return confirmAll(anchor, after);
    });
    expect(given).toEqual(['first', 'second']);
  });

  it("settles the open calls even when the anchor balance's own entry is gone from the ledger", async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1'));
    await (await db()).delete('ledger', 'b0');
    const given: string[] = [];
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 97 }, (anchor, after) => {
      given.push(anchor.id, ...after.map((e) => e.id));
      return confirmAll(anchor, after);
    });
    expect(given).toEqual(['b0', 'u1']);
    expect(await day()).toMatchObject([{ id: 'u1', state: 'confirmed' }, { id: 'b1' }]);
  });

  it('tells other contexts exactly which entries a balance wrote: itself and the calls it settled', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(uncertain('u1'));
    await appendEntry(charge('c1'));
    const heard: string[][] = [];
    const stop = onChange((change) => change.store === 'ledger' && heard.push(change.keys));
    await appendEntry({ kind: 'balance', id: 'b1', at: AT, remaining: 91 }, confirmAll);
    // Nothing open any more: a balance settles nothing, and says only itself.
    await appendEntry({ kind: 'balance', id: 'b2', at: AT, remaining: 91 }, confirmAll);
    // A "not yet" writes only the balance too.
    await appendEntry(uncertain('u2'));
    await appendEntry({ kind: 'balance', id: 'b3', at: AT, remaining: 91 }, () => null);
    await vi.waitFor(() => expect(heard).toHaveLength(4));
    expect(heard.map((keys) => [...keys].sort())).toEqual([['b1', 'u1'], ['b2'], ['u2'], ['b3']]);
    stop();
  });

  it('tells other contexts nothing when a write changed nothing (a call already settled or forgotten)', async () => {
    const heard: string[][] = [];
    const stop = onChange((change) => change.store === 'ledger' && heard.push(change.keys));
    // Each open page re-reads its month on "ledger changed": an empty one would cost every page a read for nothing.
    await resolveEntry('gone', () => null);
    await appendEntry(charge('c1'));
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0));
    expect(heard).toEqual([['c1']]);
    stop();
  });
});

describe('settling one call with its answer', () => {
  beforeEach(() => fakeBrowser.reset());

  it('an answer for a call no longer on the ledger writes nothing back, and fails no other write', async () => {
    const answered = appendEntry(charge('kept'));
    const gone = resolveEntry('gone', (e) => ({ ...e, state: 'charged', credits: 3 }));
    await expect(gone).resolves.toBeUndefined();
    await answered;
    expect((await day()).map((e) => e.id)).toEqual(['kept']);
  });

  it('leaves a balance alone: only a charge is settled by an answer', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await resolveEntry('b0', () => null);
    expect(await day()).toMatchObject([{ id: 'b0', kind: 'balance', remaining: 100 }]);
  });

  it('leaves an entry that no longer reads where it is', async () => {
    await (await db()).put('ledger', { id: 'damaged', kind: 'charge', day: dayOf(AT), seq: 0 } as never);
    await expect(resolveEntry('damaged', () => null)).resolves.toBeUndefined();
    expect(await (await db()).get('ledger', 'damaged')).toMatchObject({ id: 'damaged' });
  });

  it('holds no anchor while no call is open: a settled charge does not take one', async () => {
    await appendEntry({ kind: 'balance', id: 'b0', at: AT, remaining: 100 }, confirmAll);
    await appendEntry(charge('c1'));
    expect(await readMeta()).toMatchObject({ anchor: null, lastBalance: { id: 'b0' } });
  });
});
