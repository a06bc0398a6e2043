/**
 * The worker heartbeat moved from `local` to `session` storage: a beat the version before left in `local` is
 * removed by the start's migrations, nothing else is touched, and the heartbeat is read and written in `session`.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { migrationsDone, runStoreMigrations } from '../../../../src/store/migrations/run';
import { workerBeat } from '../../../../src/store/worker-beat';

const OLD_BEAT = { worker: 'before-the-upgrade', at: '2026-11-20T09:00:00.000Z' };

describe('store migration 7: the heartbeat in session storage', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it("removes the version before's beat from local storage and nothing else; run again, it changes nothing", async () => {
    const settings = { baseUrl: 'https://api.example.com', retentionDays: 365 };
    await browser.storage.local.set({ 'worker-beat': OLD_BEAT, settings, search: { id: 's1' } });
    await browser.storage.session.set({ 'tab:3': { slug: 'ada' } });

    await runStoreMigrations(() => undefined);
    expect(await migrationsDone()).toContain(7);
    const local = await browser.storage.local.get(null);
    expect(local['worker-beat']).toBeUndefined();
    expect(local.settings).toEqual(settings);
    expect(local.search).toEqual({ id: 's1' });
    expect(await browser.storage.session.get(null)).toEqual({ 'tab:3': { slug: 'ada' } });

    await browser.storage.local.set({ 'worker-beat': OLD_BEAT });
    await runStoreMigrations(() => undefined);
    // Recorded as run: a later beat in local storage (none is written there any more) is not looked for again.
    expect((await browser.storage.local.get('worker-beat'))['worker-beat']).toEqual(OLD_BEAT);
  });

  it('the heartbeat is written to and read from session storage, never local', async () => {
    const beat = { worker: 'w1', at: new Date().toISOString() };
    await workerBeat.set(beat);
    expect((await browser.storage.session.get('worker-beat'))['worker-beat']).toEqual(beat);
    expect(await browser.storage.local.get(null)).toEqual({});
    // The version before's beat in local storage is not read as a live one.
    await browser.storage.local.set({ 'worker-beat': OLD_BEAT });
    expect(await workerBeat.get()).toEqual(beat);
  });
});
