import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../src/group-commit';

/** A write the test finishes by hand, one batch at a time. */
function manualWrite() {
  const batches: string[][] = [];
  const finishers: Array<{ ok: () => void; fail: (error: Error) => void }> = [];
  const write = (batch: string[]) =>
    new Promise<void>((ok, fail) => {
      batches.push(batch);
      finishers.push({ ok, fail });
    });
  return {
    write,
    batches,
    finish: (n: number) => finishers[n]!.ok(),
    fail: (n: number) => finishers[n]!.fail(new Error('quota')),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('group commit', () => {
  it('what is asked for in one moment goes in one write', async () => {
    const w = manualWrite();
    const put = groupCommit(w.write);
    const all = [put('a'), put('b')];
    await tick();
    expect(w.batches).toEqual([['a', 'b']]);
    w.finish(0);
    await Promise.all(all);
  });

  it('writes at once when idle, then everything asked for meanwhile in one write, each resolved once stored', async () => {
    const w = manualWrite();
    const put = groupCommit(w.write);
    const stored: string[] = [];
    const track = (item: string) => put(item).then(() => stored.push(item));
    const first = track('a');
    await Promise.resolve();
    const rest = ['b', 'c', 'd'].map(track);
    await tick();
    expect(w.batches).toEqual([['a']]);
    w.finish(0);
    await first;
    expect(stored).toEqual(['a']);
    await tick();
    expect(w.batches).toEqual([['a'], ['b', 'c', 'd']]);
    expect(stored).toEqual(['a']);
    w.finish(1);
    await Promise.all(rest);
    expect(stored).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a failed write rejects every item it carried, and the next write goes on', async () => {
    const w = manualWrite();
    const put = groupCommit(w.write);
    const first = put('a');
    await Promise.resolve();
    const together = [put('b'), put('c')];
    w.finish(0);
    await first;
    await tick();
    w.fail(1);
    for (const outcome of await Promise.allSettled(together)) expect(outcome.status).toBe('rejected');
    const later = put('d');
    await tick();
    expect(w.batches.at(-1)).toEqual(['d']);
    w.finish(2);
    await expect(later).resolves.toBeUndefined();
  });
});
