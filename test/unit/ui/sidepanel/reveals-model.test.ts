/** Reveals from the panel: only what the vault lacks is asked; errors, charges and cut-offs are the row's own. */
import { signal } from '@preact/signals';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Retrievable } from '../../../../src/api/schema-parts';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { type RevealJob, revealJobs } from '../../../../src/store/items/reveal-jobs';
import { workerBeat } from '../../../../src/store/items/worker-beat';
import { CUT_OFF } from '../../../../src/store/work-status';
import { createRevealsModel } from '../../../../src/ui/sidepanel/reveals-model';
import { createVaultModel } from '../../../../src/ui/sidepanel/vault-model';
import { createWorkerClock } from '../../../../src/ui/sidepanel/worker-clock';
import { record } from './fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

const URL = 'https://www.linkedin.com/in/person-0-0';
const ROW = {
  id: 'c1',
  name: 'Grace Okafor',
  current_title: 'Nurse',
  current_employer: 'Arbor',
  location: 'Boston',
  social_url: URL,
};
const job = (over: Partial<RevealJob>): RevealJob => ({
  id: 'j1',
  kind: 'reveal',
  vaultKey: URL,
  target: { socialUrl: URL, candidateId: 'c1' },
  requested: ['email'],
  held: [],
  status: 'done',
  startedAt: new Date().toISOString(),
  ...over,
});

function build(selection: Retrievable[] = ['email', 'phone']) {
  const vaultModel = createVaultModel();
  const reveals = createRevealsModel({
    vault: vaultModel,
    selection: signal(selection),
    clock: createWorkerClock(() => true),
  });
  return { vaultModel, reveals };
}

describe('the reveals sub-model', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
  });

  it('asks only for what the vault lacks, with the row as hints, and says what its own reveal charged', async () => {
    await vaultWrite.put({ ...record(URL, { email: 'g@example.com' }), candidateId: 'c1' });
    const { vaultModel, reveals } = build();
    await vaultModel.want([{ socialUrl: URL, candidateId: 'c1' }]);
    call.mockResolvedValueOnce({ ok: true, value: { job: job({ requested: ['phone'] }) } });
    await reveals.revealRow(ROW);
    expect(call).toHaveBeenCalledWith('reveal', {
      target: { socialUrl: URL, candidateId: 'c1' },
      selection: ['phone'],
      hints: { name: 'Grace Okafor', currentTitle: 'Nurse', currentEmployer: 'Arbor', location: 'Boston' },
    });
    await revealJobs.put(job({ requested: ['phone'], charged: 6 }));
    await vi.waitFor(() => expect(reveals.chargeFor({ socialUrl: URL, candidateId: 'c1' })?.charged).toBe(6));
  });

  it('keeps a refusal with its row, and asks nothing when everything chosen is held', async () => {
    const { reveals } = build(['email']);
    const error = { kind: 'insufficient-credits', message: 'Not enough credits.' };
    call.mockResolvedValueOnce({ ok: false, error });
    await reveals.revealRow(ROW);
    expect(reveals.errors.value.c1).toEqual(error);
    expect(reveals.revealing.value.size).toBe(0);
    call.mockReset();
    expect(await reveals.reveal('c1', { socialUrl: URL, candidateId: null }, [])).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });

  it('a reveal stored as running by a worker that stopped was cut off: its charge is checked before asking again', async () => {
    await workerBeat.set({ worker: 'w1', at: new Date(Date.now() - 60_000).toISOString() });
    await revealJobs.put(job({ status: 'running', worker: 'w1' }));
    const { reveals } = build();
    const target = { socialUrl: URL, candidateId: 'c1' };
    await vi.waitFor(() => expect(reveals.cutOffFor(target)?.status).toBe(CUT_OFF));
    expect(reveals.isRevealing('c1', target)).toBe(false);
    call.mockResolvedValueOnce({ ok: true, value: { job: null } });
    await reveals.revealAgain(reveals.cutOffFor(target)!);
    expect(call).toHaveBeenCalledWith('reveal', {
      target,
      selection: ['email'],
      retryCutOff: true,
    });
  });

  it('an earlier cut-off reveal not settled is still the one to check once a reveal of other items followed it', async () => {
    await revealJobs.put(job({ id: 'phone', requested: ['phone'], status: CUT_OFF }));
    await revealJobs.put(job({ id: 'email', requested: ['email'], status: 'done' }));
    const { reveals } = build();
    const target = { socialUrl: URL, candidateId: 'c1' };
    await vi.waitFor(() => expect(reveals.jobFor(target)?.id).toBe('email'));
    expect(reveals.cutOffFor(target)?.id).toBe('phone');
  });
});
