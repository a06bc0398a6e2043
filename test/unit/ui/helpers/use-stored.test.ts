import { describe, expect, it } from 'vitest';
import { stored } from '../../../../src/ui/helpers/use-stored';

/** A stored value whose first read the test answers when it chooses, and a watcher it can fire. */
function fakeStore<T>() {
  let answer!: (value: T) => void;
  let listener: ((value: T) => void) | null = null;
  return {
    read: () => new Promise<T>((resolve) => (answer = resolve)),
    watch: (cb: (value: T) => void) => {
      listener = cb;
      return () => (listener = null);
    },
    answerRead: (value: T) => answer(value),
    change: (value: T) => listener?.(value),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a signal mirroring a stored value', () => {
  it('shows the first read, then every change', async () => {
    const store = fakeStore<number>();
    const s = stored(0, store.read, store.watch);
    expect(s.loaded.value).toBe(false);
    store.answerRead(1);
    await settle();
    expect([s.value.value, s.loaded.value]).toEqual([1, true]);
    store.change(2);
    expect(s.value.value).toBe(2);
  });

  it('keeps a change made while the first read was out, rather than the older value that read returns', async () => {
    const store = fakeStore<string>();
    const s = stored('', store.read, store.watch);
    store.change('saved just now');
    expect([s.value.value, s.loaded.value]).toEqual(['saved just now', true]);
    store.answerRead('as it was before');
    await settle();
    expect(s.value.value).toBe('saved just now');
  });

  it('stops following changes when stopped', async () => {
    const store = fakeStore<number>();
    const s = stored(0, store.read, store.watch);
    store.answerRead(1);
    await settle();
    s.stop();
    store.change(5);
    expect(s.value.value).toBe(1);
  });
});
