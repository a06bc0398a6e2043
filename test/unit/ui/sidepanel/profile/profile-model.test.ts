/**
 * The tab's person: held items first, the rest priced as the popup prices them (vault, team, balance, caps), and
 * a reveal that asks only for what is missing.
 */
import { signal } from '@preact/signals';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Retrievable } from '../../../../../src/api/schema-parts';
import type { CapRoom } from '../../../../../src/ledger/caps';
import { vaultWrite } from '../../../../../src/store/database/vault/vault-write';
import type { TabProfile } from '../../../../../src/store/items/tabs';
import { createAccountModel } from '../../../../../src/ui/sidepanel/account-model';
import { createProfileModel } from '../../../../../src/ui/sidepanel/profile/profile-model';
import { createRevealsModel } from '../../../../../src/ui/sidepanel/reveals-model';
import { createVaultModel } from '../../../../../src/ui/sidepanel/vault-model';
import { createWorkerClock } from '../../../../../src/ui/sidepanel/worker-clock';
import { ADA, connected, record } from '../fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../../src/ui/rpc', () => ({ call }));

function profileOf(opts: { selection?: Retrievable[]; room?: CapRoom | null } = {}) {
  const subject = signal<{ tabId: number; profile: TabProfile | null; url: string | null } | null>({
    tabId: 7,
    profile: { socialUrl: ADA, nameHint: 'Ada Lovelace', seenAt: new Date().toISOString() },
    url: ADA,
  });
  const clock = createWorkerClock(() => false);
  const vaultModel = createVaultModel();
  const selection = signal<Retrievable[]>(opts.selection ?? ['email']);
  const reveals = createRevealsModel({ vault: vaultModel, selection, clock });
  const account = createAccountModel();
  const p = createProfileModel({
    tab: { subject },
    vault: vaultModel,
    reveals,
    account,
    selection,
    capRoom: signal(opts.room ?? null),
  });
  return { p, subject, account };
}

/** The tab's page as the background reads it: Ada, with the place her top card shows. */
const pageOf = (location: string | null) => ({
  ok: true,
  value: { kind: 'profile', list: false, people: [{ name: 'Ada Lovelace', socialUrl: ADA, location }] },
});
const answers: Record<string, unknown> = {
  teamHeld: { ok: true, value: [{ items: [] }] },
  pagePeople: pageOf(null),
};

describe('the profile sub-model', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
    call.mockImplementation(async (type: string) => answers[type] ?? { ok: true, value: { job: null } });
  });

  it('offers the chosen items at their most, and every other item not held on its own', async () => {
    await connected();
    const { p, account } = profileOf();
    await vi.waitFor(() => expect(account.balance.value).not.toBeNull());
    expect(p.offer.value.toAsk).toEqual(['email']);
    expect(p.offer.value.max).toBe(3);
    expect(p.offer.value.others).toEqual([
      { item: 'phone', cost: 6 },
      { item: 'detailed_profile', cost: 1 },
      { item: 'healthcare_profile', cost: 1 },
    ]);
    expect(p.problem(3)).toBeNull();
  });

  it('the service out of reach holds back every paid reveal, whatever the balance; its answer gives them back', async () => {
    await connected();
    const { p, account } = profileOf();
    await vi.waitFor(() => expect(account.balance.value).not.toBeNull());
    account.service.state.value = 'unreachable';
    try {
      expect(p.problem(3)).toBe("Can't reach the candidate service right now");
      expect(p.problem(0)).toBe("Can't reach the candidate service right now");
      account.service.state.value = 'fresh';
      expect(p.problem(3)).toBeNull();
    } finally {
      account.service.state.value = 'idle';
    }
  });

  it('reads what the vault holds first: a held email is not offered again, a phone known missing is not offered', async () => {
    await connected();
    await vaultWrite.put(record(ADA, { email: 'ada@example.com', missing: ['phone'] }));
    const { p } = profileOf({ selection: ['email', 'phone'] });
    await vi.waitFor(() => expect(p.record.value?.email).toMatchObject({ value: 'ada@example.com' }));
    expect(p.offer.value.toAsk).toEqual([]);
    expect(p.offer.value.others.map((o) => o.item)).toEqual(['detailed_profile', 'healthcare_profile']);
  });

  it('prices what the team holds at 0, as the gateway said (never lower than it confirmed)', async () => {
    await connected();
    answers.teamHeld = {
      ok: true,
      value: [{ items: [{ item: 'phone', found: true, revealedBy: 'kim', revealedAt: 'x' }] }],
    };
    try {
      const { p } = profileOf();
      await vi.waitFor(() => expect(p.offer.value.others[0]).toEqual({ item: 'phone', cost: 0 }));
    } finally {
      answers.teamHeld = { ok: true, value: [{ items: [] }] };
    }
  });

  it('holds the reveal back, with the reason, when the balance or a cap is below its most', async () => {
    await connected(2);
    const low = profileOf();
    await vi.waitFor(() => expect(low.account.balance.value?.remaining).toBe(2));
    expect(low.p.problem(3)).toBe(
      'Not enough credits: this may cost up to 3 credits, your balance is 2 credits.',
    );
    await connected();
    const capped = profileOf({ room: { cap: 'daily', left: 2 } as CapRoom });
    await vi.waitFor(() => expect(capped.account.balance.value?.remaining).toBe(10_000));
    expect(capped.p.problem(3)).toMatch(/daily spending cap leaves 2 credits today/);
  });

  it("reveals the missing items of the tab's person with the name the page showed; nothing without a key", async () => {
    const keyless = profileOf();
    await keyless.p.reveal();
    expect(call.mock.calls.filter(([type]) => type === 'reveal')).toEqual([]);
    await connected();
    const { p, account } = profileOf();
    await vi.waitFor(() => expect(account.hasKey.value).toBe(true));
    await p.reveal();
    await p.reveal(['phone']);
    expect(call.mock.calls.filter(([type]) => type === 'reveal').map(([, input]) => input)).toEqual([
      {
        target: { socialUrl: ADA, candidateId: null },
        selection: ['email'],
        hints: { name: 'Ada Lovelace' },
      },
      {
        target: { socialUrl: ADA, candidateId: null },
        selection: ['phone'],
        hints: { name: 'Ada Lovelace' },
      },
    ]);
  });

  it("reveals with the place the tab's page shows, read as the popup reads it", async () => {
    await connected();
    answers.pagePeople = pageOf('London, England, United Kingdom');
    try {
      const { p, account } = profileOf();
      await vi.waitFor(() => expect(account.hasKey.value).toBe(true));
      await vi.waitFor(() => expect(call).toHaveBeenCalledWith('pagePeople', { tabId: 7 }));
      await p.reveal();
      expect(call.mock.calls.find(([type]) => type === 'reveal')?.[1]).toMatchObject({
        hints: { name: 'Ada Lovelace', location: 'London, England, United Kingdom' },
      });
    } finally {
      answers.pagePeople = pageOf(null);
    }
  });

  it('follows the tab to the next person', async () => {
    await connected();
    const { p, subject } = profileOf();
    const next = 'https://www.linkedin.com/in/jose-alvarez-demo';
    await vaultWrite.put(record(next, { email: 'jose@example.com' }));
    subject.value = { tabId: 7, profile: { socialUrl: next, seenAt: new Date().toISOString() }, url: next };
    await vi.waitFor(() => expect(p.record.value?.socialUrl).toBe(next));
    expect(p.offer.value.toAsk).toEqual([]);
  });
});
