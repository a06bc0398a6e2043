import { describe, expect, it } from 'vitest';
import { keyedLock, sharedRead } from '../../../src/store/lock';

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
