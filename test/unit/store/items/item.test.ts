import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { defineStored } from '../../../../src/store/items/item';
import { revealJobs } from '../../../../src/store/items/reveal-jobs';
import { DEFAULT_SETTINGS, settings } from '../../../../src/store/items/settings';

const Pair = z.object({ a: z.int(), b: z.int() });

describe('stored values', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('an unreadable value reads as the default, and is set aside before any write can replace it', async () => {
    await browser.storage.local.set({ settings: { baseUrl: 42, defaultSelection: 'email' } });
    expect(await settings.get()).toEqual(DEFAULT_SETTINGS);
    await vi.waitFor(async () => {
      const { 'unreadable:settings': aside } = await browser.storage.local.get('unreadable:settings');
      expect(aside).toMatchObject({ value: { baseUrl: 42, defaultSelection: 'email' } });
    });
    await settings.set({ ...DEFAULT_SETTINGS, retentionDays: 30 });
    expect((await settings.get()).retentionDays).toBe(30);
    const { 'unreadable:settings': still } = await browser.storage.local.get('unreadable:settings');
    expect(still).toMatchObject({ value: { baseUrl: 42 } });
  });

  it('an unreadable job list is kept aside when the next job is written', async () => {
    await browser.storage.local.set({ jobs: [{ id: 1, garbage: true }] });
    await revealJobs.put({
      id: 'j1',
      kind: 'reveal',
      vaultKey: 'k',
      target: { socialUrl: 'k', candidateId: null },
      requested: ['email'],
      held: [],
      status: 'running',
      startedAt: new Date().toISOString(),
    });
    expect((await revealJobs.all()).map((j) => j.id)).toEqual(['j1']);
    const { 'unreadable:jobs': aside } = await browser.storage.local.get('unreadable:jobs');
    expect(aside).toMatchObject({ value: [{ id: 1, garbage: true }] });
  });

  it('reads say whether a value is there, missing, or unreadable; a write is checked before it is stored', async () => {
    const item = defineStored({
      key: 'local:pair',
      schema: z.nullable(Pair),
      fallback: null,
      label: 'pair',
      version: 1,
    });
    expect(await item.read()).toEqual({ state: 'missing' });
    await item.set({ a: 1, b: 2 });
    expect(await item.read()).toEqual({ state: 'ok', value: { a: 1, b: 2 } });
    await expect(item.set({ a: 1, b: 'two' } as never)).rejects.toThrow();
    expect(await item.get()).toEqual({ a: 1, b: 2 });
    await browser.storage.local.set({ pair: 'garbage' });
    expect(await item.read()).toEqual({ state: 'unreadable' });
    expect(await item.get()).toBeNull();
    await item.set(null);
    expect(await browser.storage.local.get('pair')).toEqual({});
  });

  it('updates of one item are taken in turn, so none is lost', async () => {
    const item = defineStored({
      key: 'local:count',
      schema: z.int(),
      fallback: 0,
      label: 'count',
      version: 1,
    });
    await Promise.all(Array.from({ length: 20 }, () => item.update((n) => n + 1)));
    expect(await item.get()).toBe(20);
    expect(await item.update(() => undefined)).toBe(20);
  });

  it('a quiet item reads an unreadable value as nothing, without a copy or a warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const item = defineStored({
      key: 'session:passing',
      schema: z.nullable(Pair),
      fallback: null,
      label: 'passing',
      version: 1,
      unreadable: 'ignore',
    });
    await browser.storage.session.set({ passing: { a: 'x' } });
    expect(await item.get()).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(await browser.storage.local.get(null)).toEqual({});
  });

  it("an item's numbered migrations run from the version stored before, and its version is kept beside it", async () => {
    // Version 1 stored `{ a }` with no version beside it (WXT reads a missing version as 1).
    await browser.storage.local.set({ migrating: { a: 1 } });
    const item = defineStored({
      key: 'local:migrating',
      schema: z.nullable(Pair),
      fallback: null,
      label: 'migrating',
      version: 3,
      migrations: {
        2: (v1) => ({ ...(v1 as object), b: 0 }),
        3: (v2) => ({ ...(v2 as { a: number; b: number }), b: (v2 as { a: number }).a * 10 }),
      },
    });
    expect(await item.get()).toEqual({ a: 1, b: 10 });
    expect(await browser.storage.local.get('migrating$')).toEqual({ migrating$: { v: 3 } });
  });

  it('an item with no migrations writes no version beside it (as before versions moved past 1)', async () => {
    const item = defineStored({
      key: 'local:plain',
      schema: z.nullable(Pair),
      fallback: null,
      label: 'plain',
      version: 1,
    });
    await item.set({ a: 1, b: 2 });
    expect(Object.keys(await browser.storage.local.get(null))).toEqual(['plain']);
  });

  it('defining an item reads nothing: only a read reads, once (a page opens without a read of every item it defines)', async () => {
    await browser.storage.local.set({ lazy: { a: 1, b: 2 } });
    const gets = vi.spyOn(browser.storage.local, 'get');
    const plain = defineStored({
      key: 'local:lazy',
      schema: z.nullable(Pair),
      fallback: null,
      label: 'lazy',
      version: 1,
    });
    const migrating = defineStored({
      key: 'local:lazy-migrating',
      schema: z.nullable(Pair),
      fallback: null,
      label: 'lazy migrating',
      version: 2,
      migrations: { 2: (v1) => ({ ...(v1 as object), b: 0 }) },
    });
    await new Promise((settle) => setTimeout(settle, 0));
    expect(gets).not.toHaveBeenCalled();
    expect(await plain.get()).toEqual({ a: 1, b: 2 });
    expect(gets).toHaveBeenCalledTimes(1);
    // Its migrations run before its first read, as WXT's item runs them.
    await browser.storage.local.set({ 'lazy-migrating': { a: 2 } });
    expect(await migrating.get()).toEqual({ a: 2, b: 0 });
  });
});
