import { describe, expect, it } from 'vitest';
import { createSentRecord } from '../../../../src/background/jobs/sent-record';

/** A storage write the test finishes by hand; `stored` is the list as storage holds it. */
function manualStore() {
  let stored: string[] = [];
  const writes: Array<{ keys: string[]; ok: () => void; fail: () => void }> = [];
  const write = (keys: string[]) =>
    new Promise<void>((ok, fail) => {
      writes.push({
        keys,
        ok: () => {
          stored = keys;
          ok();
        },
        fail: () => fail(new Error('The storage quota is exceeded.')),
      });
    });
  return { write, writes, stored: () => stored };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sent record', () => {
  it('lookups that get ready together share one write, and each may go out only once its key is stored', async () => {
    const s = manualStore();
    const record = createSentRecord(s.write);
    const sent: string[] = [];
    /** A lookup sends once its record resolves; at that moment its key must be in storage. */
    const lookup = (key: string) =>
      record.add(key).then(() => {
        expect(s.stored()).toContain(key);
        sent.push(key);
      });
    const first = lookup('a');
    const round = ['b', 'c', 'd'].map(lookup);
    await tick();
    expect(s.writes.map((w) => w.keys)).toEqual([['a']]);
    s.writes[0]!.ok();
    await first;
    await tick();
    // b, c and d in one write, and none of them sent before it is stored.
    expect(s.writes.map((w) => w.keys)).toEqual([['a'], ['a', 'b', 'c', 'd']]);
    expect(sent).toEqual(['a']);
    s.writes[1]!.ok();
    await Promise.all(round);
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a failed write sends none of the lookups it carried, and leaves them out of the list', async () => {
    const s = manualStore();
    const record = createSentRecord(s.write);
    const first = record.add('a');
    // b and c get ready while a's write is under way: they share the next write.
    const round = [record.add('b'), record.add('c')];
    s.writes[0]!.ok();
    await first;
    await tick();
    expect(s.writes[1]!.keys).toEqual(['a', 'b', 'c']);
    s.writes[1]!.fail();
    const outcomes = await Promise.allSettled(round);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    // The next write stores the list without them.
    const next = record.add('d');
    await tick();
    s.writes[2]!.ok();
    await next;
    expect(s.stored()).toEqual(['a', 'd']);
  });

  it('an answered lookup leaves the list with the next write, and flush stores it when no other write comes', async () => {
    const s = manualStore();
    const record = createSentRecord(s.write);
    const a = record.add('a');
    s.writes[0]!.ok();
    await a;
    record.remove('a');
    expect(s.writes).toHaveLength(1);
    const b = record.add('b');
    await tick();
    expect(s.writes[1]!.keys).toEqual(['b']);
    s.writes[1]!.ok();
    await b;
    record.remove('b');
    const flushed = record.flush();
    await tick();
    s.writes[2]!.ok();
    await flushed;
    expect(s.stored()).toEqual([]);
    // Nothing changed since: no write.
    await record.flush();
    expect(s.writes).toHaveLength(3);
  });
});
