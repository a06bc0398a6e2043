import { signal } from '@preact/signals';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { revealJobs } from '../../../../src/store/items/reveal-jobs';
import { CUT_OFF } from '../../../../src/store/work-status';
import { createHeldModel, heldInWords } from '../../../../src/ui/popup/held-model';
import { writeRawContact } from '../../../support/vault-records';
import { ADA, record } from '../sidepanel/fixtures';
import { revealJob } from './fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

const done = revealJob();

describe('what the popup says is held', () => {
  it('nothing, an unreadable record, a profile the service does not know', () => {
    expect(heldInWords({ state: 'missing' }, null, false)).toBe('Not revealed yet');
    expect(heldInWords({ state: 'unreadable' }, null, false)).toMatch(
      /could not be read. It stays stored until a new reveal replaces it/,
    );
    const unknown = { ...record(ADA), unknownAt: '2026-11-20T10:00:00.000Z' };
    expect(heldInWords({ state: 'ok', value: unknown }, null, false)).toBe('Not found · 20 Nov');
  });

  it("right after this popup's reveal, what it did; otherwise how long ago", () => {
    // Two days after the fixtures' records were written, whatever day the test runs.
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.000Z'), toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const held = record(ADA, { email: 'ada@example.org' });
    expect(heldInWords({ state: 'ok', value: held }, done, true)).toBe('Revealed just now');
    const none = record(ADA, { missing: ['email'] });
    expect(heldInWords({ state: 'ok', value: none }, done, true)).toMatch(
      /^Not found · \d{1,2} [A-Z][a-z]{2}$/,
    );
    expect(heldInWords({ state: 'ok', value: held }, done, false)).toBe('Revealed 2 days ago');
    expect(heldInWords({ state: 'ok', value: none }, null, false)).toBe('Not found · 20 Nov');
  });
});

describe("following what is held of the popup's profile", () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
    call.mockResolvedValue({ ok: true, value: [{ items: [] }] });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('reads the vault record of the profile shown, follows its changes, and starts again for another', async () => {
    await vaultWrite.put(record(ADA, { email: 'ada@example.org' }));
    const url = signal<string | null>(ADA);
    const held = createHeldModel(url, signal(0));
    await vi.waitFor(() => expect(held.record.value?.email).toMatchObject({ value: 'ada@example.org' }));
    expect(held.revealedAt.value).toBe('2026-11-20T10:00:00.000Z');
    await vaultWrite.put(record(ADA, { email: 'ada@example.org', phone: '+1 555' }));
    await vi.waitFor(() => expect(held.record.value?.phone).toMatchObject({ value: '+1 555' }));
    url.value = 'https://www.linkedin.com/in/nobody';
    expect(held.record.value).toBeNull();
    await vi.waitFor(() => expect(held.status.value).toBe('Not revealed yet'));
  });

  it("this popup's reveal is shown from its answer at once, before storage reports the change", async () => {
    const url = signal<string | null>(ADA);
    const held = createHeldModel(url, signal(0));
    await vi.waitFor(() => expect(held.status.value).toBe('Not revealed yet'));
    // Nothing stored yet (storage's change and the read after it may come later on a loaded machine).
    held.answered({ record: record(ADA, { email: 'ada@example.org' }), job: done }, ADA);
    expect(held.record.value?.email).toMatchObject({ value: 'ada@example.org' });
    expect(held.revealedHere.value).toBe(true);
    expect(held.status.value).toBe('Revealed just now');
    // An answer for a profile no longer shown changes nothing.
    url.value = 'https://www.linkedin.com/in/nobody';
    held.answered({ record: record(ADA, { email: 'ada@example.org' }), job: done }, ADA);
    expect(held.record.value).toBeNull();
  });

  it('a cut-off reveal not settled is still held back once another reveal of the profile is the latest', async () => {
    const phone = revealJob({
      id: 'phone',
      requested: ['phone'],
      status: CUT_OFF,
      check: { remaining: 100, charged: null, final: true, at: '2026-11-20T10:01:00.000Z' },
    });
    const email = revealJob({ id: 'email', startedAt: '2026-11-20T10:02:00.000Z' });
    await revealJobs.put(phone);
    await revealJobs.put(email);
    const held = createHeldModel(signal(ADA), signal(0));
    await vi.waitFor(() => expect(held.job.value?.id).toBe('email'));
    expect(held.cutOff.value?.id).toBe('phone');
    // This popup's own reveal of the email answering keeps it too.
    held.answered(
      { record: record(ADA, { email: 'ada@example.org' }), job: { ...email, id: 'email-2' } },
      ADA,
    );
    expect(held.cutOff.value?.id).toBe('phone');
  });

  it('a stored record that no longer reads is said so, not shown as never revealed', async () => {
    await writeRawContact(ADA, { v: 99 });
    const held = createHeldModel(signal(ADA), signal(0));
    await vi.waitFor(() => expect(held.unreadable.value).toBe(true));
    expect(held.record.value).toBeNull();
  });

  it('asks what the team holds of the profile, and keeps full prices without an answer', async () => {
    call.mockResolvedValueOnce({
      ok: true,
      value: [{ items: [{ item: 'email', found: true, revealedBy: 'Sam', revealedAt: '' }] }],
    });
    const url = signal<string | null>(ADA);
    const held = createHeldModel(url, signal(0));
    await vi.waitFor(() => expect(Object.keys(held.teamHeld.value)).toEqual(['email']));
    expect(call).toHaveBeenCalledWith('teamHeld', { people: [{ socialUrl: ADA }] });
    call.mockResolvedValueOnce({ ok: false, error: { kind: 'network', message: 'gone' } });
    url.value = 'https://www.linkedin.com/in/grace';
    expect(held.teamHeld.value).toEqual({});
  });

  it('asks the team once the first screen is drawn, not beside the vault read it waits on', async () => {
    await vaultWrite.put(record(ADA, { email: 'ada@example.org' }));
    const later = signal(false);
    const held = createHeldModel(signal<string | null>(ADA), signal(0), later);
    await vi.waitFor(() => expect(held.record.value?.email).toMatchObject({ value: 'ada@example.org' }));
    expect(call).not.toHaveBeenCalled();
    later.value = true;
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith('teamHeld', { people: [{ socialUrl: ADA }] }));
  });

  it("takes the worker's answer for the tab's person as its first read, and reads it again once the first screen is drawn", async () => {
    const url = signal<string | null>(null);
    const later = signal(false);
    const held = createHeldModel(url, signal(0), later);
    held.firstHeard({
      profile: { socialUrl: ADA, seenAt: '2026-11-20T10:00:00.000Z' },
      held: { state: 'ok', value: record(ADA, { email: 'ada@example.org' }) },
      jobs: [done],
    });
    // A change made after the worker read and before this page follows changes: only a read of its own finds it.
    await vaultWrite.put(record(ADA, { email: 'ada@example.org', phone: '+1 555' }));
    url.value = ADA;
    // Shown at once, from the answer: no read of the database here before the first screen.
    expect(held.record.value?.email).toMatchObject({ value: 'ada@example.org' });
    expect(held.record.value?.phone).toBeUndefined();
    expect(held.job.value?.id).toBe('j1');
    await new Promise((settle) => setTimeout(settle, 20));
    expect(held.record.value?.phone).toBeUndefined();
    later.value = true;
    await vi.waitFor(() => expect(held.record.value?.phone).toMatchObject({ value: '+1 555' }));
  });
});
