import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { batchedReads, bulkVaultReader } from '../../../src/background/jobs/bulk-vault-reads';
import { vault } from '../../../src/store/vault';

/** A reader whose reads the test ends by hand: each read's keys, and the read's resolve. */
function manualReads() {
  const reads: Array<{ keys: string[]; answer: () => void; fail: (error: Error) => void }> = [];
  const read = batchedReads(
    (keys: string[]) =>
      new Promise<string[]>((resolve, reject) => {
        reads.push({ keys, answer: () => resolve(keys.map((key) => `value of ${key}`)), fail: reject });
      }),
  );
  return { read, reads };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('batched vault reads of a bulk reveal', () => {
  beforeEach(() => fakeBrowser.reset());

  it('asks made in the same moment share one read, each answered with its own value', async () => {
    const { read, reads } = manualReads();
    const answers = Promise.all(['a', 'b', 'c'].map((key) => read(key)));
    await tick();
    expect(reads.map((r) => r.keys)).toEqual([['a', 'b', 'c']]);
    reads[0]!.answer();
    expect(await answers).toEqual(['value of a', 'value of b', 'value of c']);
  });

  it('an ask made while a read is under way waits for the next read, never an answer read before it asked', async () => {
    const { read, reads } = manualReads();
    const first = read('a');
    await tick();
    // Asked after the first read started: its answer must come from a read that starts after this moment.
    const later = [read('b'), read('c')];
    await tick();
    expect(reads).toHaveLength(1);
    reads[0]!.answer();
    expect(await first).toBe('value of a');
    await tick();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b', 'c']]);
    reads[1]!.answer();
    expect(await Promise.all(later)).toEqual(['value of b', 'value of c']);
  });

  it('a failed read rejects the asks it carried, and the next asks read again', async () => {
    const { read, reads } = manualReads();
    const failed = [read('a'), read('b')];
    await tick();
    reads[0]!.fail(new Error('storage is gone'));
    for (const ask of failed) await expect(ask).rejects.toThrow('storage is gone');
    const again = read('c');
    await tick();
    reads[1]!.answer();
    expect(await again).toBe('value of c');
  });

  it('reads the vault as a single lookup does: by URL, by candidate id, and an unreadable record as such', async () => {
    await vault.put({
      v: 1,
      key: 'https://www.linkedin.com/in/ada',
      socialUrl: 'https://www.linkedin.com/in/ada',
      candidateId: 'c-ada',
      name: 'Ada',
      currentTitle: null,
      currentEmployer: null,
      email: { found: true, value: 'ada@example.org', at: '2026-01-01T00:00:00.000Z' },
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    await fakeBrowser.storage.local.set({
      'contact:https://www.linkedin.com/in/garbled': { v: 1, garbled: true },
    });
    const lookup = bulkVaultReader();
    const targets = [
      { socialUrl: 'https://www.linkedin.com/in/ada', candidateId: null },
      { socialUrl: null, candidateId: 'c-ada' },
      { socialUrl: 'https://www.linkedin.com/in/garbled', candidateId: null },
      { socialUrl: 'https://www.linkedin.com/in/nobody', candidateId: 'c-nobody' },
    ];
    const batched = await Promise.all(targets.map((target) => lookup(target)));
    const single = [];
    for (const target of targets) single.push(await vault.lookup(target));
    expect(batched).toEqual(single);
    expect(batched.map((read) => read.state)).toEqual(['ok', 'ok', 'unreadable', 'missing']);
  });
});
