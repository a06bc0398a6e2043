import { describe, expect, it } from 'vitest';
import { keyedLock } from '../../../src/store/lock';

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
