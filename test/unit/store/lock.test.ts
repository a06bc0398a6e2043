import { describe, expect, it } from 'vitest';
import { heldRead, keyedLock, sharedRead } from '../../../src/store/lock';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('the keyed lock', () => {
  it('runs tasks of one key one after another, and of different keys side by side', async () => {
    const lock = keyedLock();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([lock('a', task('a1')), lock('a', task('a2')), lock('b', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('a failed task rejects its own caller only; the next one still runs', async () => {
    const lock = keyedLock();
    const failed = lock('a', async () => {
      throw new Error('no');
    });
    const next = lock('a', async () => 'ran');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('ran');
  });

  it('any string is a key, `__proto__` included', async () => {
    const lock = keyedLock();
    await expect(lock('__proto__', async () => 1)).resolves.toBe(1);
  });
});

describe('a read shared while it is under way', () => {
  it('calls that ask while it runs share it; a call after it has settled reads again', async () => {
    let reads = 0;
    let answer!: (value: number) => void;
    const read = sharedRead(() => {
      reads++;
      return new Promise<number>((resolve) => (answer = resolve));
    });
    const together = [read(), read(), read()];
    expect(reads).toBe(1);
    answer(7);
    expect(await Promise.all(together)).toEqual([7, 7, 7]);
    const later = read();
    expect(reads).toBe(2);
    answer(8);
    expect(await later).toBe(8);
  });

  it('a failed read fails its sharers, and the next call reads again', async () => {
    let reads = 0;
    const read = sharedRead(async () => {
      reads++;
      if (reads === 1) throw new Error('storage went away');
      return 'ok';
    });
    await expect(Promise.all([read(), read()])).rejects.toThrow('storage went away');
    expect(await read()).toBe('ok');
    expect(reads).toBe(2);
  });
});

describe('a read kept while held', () => {
  /** A stored value, its reads counted, and its change watchers (as storage.onChanged would call them). */
  function source(initial: number) {
    let value = initial;
    let release: (() => void) | null = null;
    const watchers = new Set<() => void>();
    const counted = { reads: 0 };
    const read = heldRead(
      async () => {
        counted.reads++;
        const now = value;
        if (release === null) return now;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return now;
      },
      (onChange) => {
        watchers.add(onChange);
        return () => watchers.delete(onChange);
      },
    );
    return {
      read,
      counted,
      watchers,
      /** Writes a new value and reports it, as storage does the moment after. */
      change(next: number) {
        value = next;
        for (const watcher of [...watchers]) watcher();
      },
      /** The next read waits until `finish` is called. */
      stall() {
        release = () => {};
      },
      finish() {
        const done = release;
        release = null;
        done?.();
      },
    };
  }

  it('reads every time when not held, and watches nothing', async () => {
    const s = source(1);
    expect([await s.read.get(), await s.read.get()]).toEqual([1, 1]);
    expect(s.counted.reads).toBe(2);
    expect(s.watchers.size).toBe(0);
  });

  it('while held, answers what it read until a change is reported, then reads the new value', async () => {
    const s = source(1);
    const release = s.read.hold();
    expect([await s.read.get(), await s.read.get(), await s.read.get()]).toEqual([1, 1, 1]);
    expect(s.counted.reads).toBe(1);
    s.change(2);
    expect([await s.read.get(), await s.read.get()]).toEqual([2, 2]);
    expect(s.counted.reads).toBe(2);
    release();
    expect(s.watchers.size).toBe(0);
    expect(await s.read.get()).toBe(2);
    expect(s.counted.reads).toBe(3);
  });

  it('does not keep a read that began before a change was reported', async () => {
    const s = source(1);
    s.read.hold();
    s.stall();
    const early = s.read.get();
    await Promise.resolve();
    s.change(2);
    s.finish();
    // The read under way answers what it read; the next one reads again rather than keep it.
    expect(await early).toBe(1);
    expect(await s.read.get()).toBe(2);
    expect(s.counted.reads).toBe(2);
  });

  it('keeps while any hold lasts; a release given twice counts once', async () => {
    const s = source(1);
    const first = s.read.hold();
    const second = s.read.hold();
    await s.read.get();
    first();
    first();
    await s.read.get();
    expect(s.counted.reads).toBe(1);
    second();
    await s.read.get();
    expect(s.counted.reads).toBe(2);
    expect(s.watchers.size).toBe(0);
  });
});
