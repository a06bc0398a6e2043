/**
 * A bulk reveal's lost answers on its receipt: one line with how many never arrived and what the ledger says they
 * cost (following it as the balance settles them), and "Ask again for the N (up to X credits)" as a click that
 * starts a new bulk reveal of exactly those contacts, at most at that price.
 */
import { signal } from '@preact/signals';
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { maxCostOfItems } from '../../../../src/api/pricing';
import type { BulkJob } from '../../../../src/bulk/job';
import { bulkJobs } from '../../../../src/store/database/bulk-jobs-write';
import { Receipt } from '../../../../src/ui/sidepanel/bulk/bulk-job-view';
import { createBulkModel } from '../../../../src/ui/sidepanel/bulk/bulk-model';
import { lostLine } from '../../../../src/ui/words/bulk-lost';

const MOST = maxCostOfItems(['email']) + maxCostOfItems(['email', 'phone']);

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

const contact = (i: number, state: BulkJob['items'][number]['state'], asked: BulkJob['selection']) => ({
  key: `https://www.linkedin.com/in/p-${i}`,
  target: { socialUrl: `https://www.linkedin.com/in/p-${i}`, candidateId: `c${i}` },
  name: `Person ${i}`,
  title: 'Nurse',
  state,
  asked,
});

/** Four contacts: one revealed, two whose answers never came (email; email and phone), one not started. */
const ended = (spend: BulkJob['spend']): BulkJob => ({
  id: 'job-1',
  selection: ['email', 'phone'],
  quote: {
    contacts: 4,
    held: 0,
    toAsk: 4,
    maxByItem: { email: 12, phone: 32, detailed_profile: 0, healthcare_profile: 0 },
    max: 44,
  },
  stopWhenOut: false,
  status: 'done',
  owner: 'w',
  createdAt: '2026-12-06T10:00:00.000Z',
  finishedAt: '2026-12-06T10:01:00.000Z',
  balanceBefore: 100,
  balanceAfter: 88,
  ...(spend ? { spend } : {}),
  items: [
    { ...contact(0, 'revealed', ['email']), retrieved: ['email'], charged: 3 },
    contact(1, 'may-have-charged', ['email']),
    contact(2, 'may-have-charged', ['email', 'phone']),
    contact(3, 'failed', ['email']),
  ],
});

function mount(job: BulkJob, askAgain?: Parameters<typeof Receipt>[0]['askAgain']) {
  const { document } = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  vi.stubGlobal('document', document);
  const root = document.getElementById('root')!;
  render(<Receipt job={job} {...(askAgain ? { askAgain } : {})} />, root as never);
  return root;
}

describe("a bulk reveal's lost answers", () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
  });

  it('are said in one line with what the ledger holds: not known yet, then what the balance settled', () => {
    expect(lostLine(2, { credits: 0, pending: 2, most: 14 })).toBe(
      '2 answers never arrived: what they cost is not known yet (up to 14 credits); checking again shortly.',
    );
    expect(lostLine(2, { credits: 3, pending: 1, most: 11 })).toBe(
      '2 answers never arrived: paid 3 credits for them so far, up to 11 credits more not known yet; checking again shortly.',
    );
    expect(lostLine(2, { credits: 14, pending: 0, most: 0 })).toBe(
      '2 answers never arrived: paid 14 credits for them.',
    );
    expect(lostLine(1, { credits: 0, pending: 0, most: 0 })).toBe(
      '1 answer never arrived: nothing was charged for it.',
    );
    expect(lostLine(3, null)).toBe('3 answers never arrived: they may have been charged.');
  });

  it('the receipt says the line once, with the price of asking again, and the settled figure once it is known', () => {
    const onAsk = vi.fn();
    const pending = mount(
      ended({ charged: 3, uncertain: 2, uncertainMax: 14, shared: false, lost: { calls: 2, credits: 0 } }),
      { onAsk, disabled: false },
    );
    expect(pending.querySelector('[data-testid="bulk-lost-line"]')!.textContent).toBe(
      '2 answers never arrived: what they cost is not known yet (up to 14 credits); checking again shortly.',
    );
    const ask = [...pending.querySelectorAll('button')].find((b) => b.textContent!.startsWith('Ask again'))!;
    // What they asked for then: an email, and an email and a phone.
    expect(ask.textContent).toBe(`Ask again for the 2 (up to ${MOST} credits)`);
    ask.click();
    expect(onAsk).toHaveBeenCalledTimes(1);
    expect(pending.textContent!.match(/never arrived/g)).toHaveLength(1);

    const settled = mount(
      ended({ charged: 14, uncertain: 0, uncertainMax: 0, shared: false, lost: { calls: 2, credits: 11 } }),
      { onAsk, disabled: false },
    );
    expect(settled.querySelector('[data-testid="bulk-lost-line"]')!.textContent).toBe(
      '2 answers never arrived: paid 11 credits for them.',
    );
    // Settled together by one fall of the balance: which of them was charged is not known, what they cost together is.
    const together = mount(
      ended({ charged: 12, uncertain: 0, uncertainMax: 0, shared: true, lost: { calls: 2, credits: 9 } }),
    );
    expect(together.querySelector('[data-testid="bulk-lost-line"]')!.textContent).toBe(
      '2 answers never arrived: paid 9 credits for them.',
    );
    // An earlier receipt (no asking again from it) shows the line alone.
    const earlier = mount(
      ended({ charged: 14, uncertain: 0, uncertainMax: 0, shared: false, lost: { calls: 2, credits: 11 } }),
    );
    expect([...earlier.querySelectorAll('button')].some((b) => b.textContent!.startsWith('Ask again'))).toBe(
      false,
    );
  });

  it('a contact charged whose answer could not be saved (a full disk) is counted apart, never as failed at no charge', () => {
    const job = ended(undefined);
    job.items[3] = {
      ...job.items[3]!,
      charged: 3,
      problem: 'Charged 3 credits, but the contact could not be saved: the disk is full.',
    };
    job.items.push(contact(4, 'failed', ['email']));
    const counts = Object.fromEntries(
      [...mount(job).querySelectorAll('.counts > div')].map((row) => [
        row.querySelector('dt')!.textContent,
        row.querySelector('dd')!.textContent,
      ]),
    );
    expect(counts).toMatchObject({ 'Failed (no charge)': '1', 'Charged, not saved': '1' });
  });

  it('names each failed contact with why, folded under the counts; one skipped for a list or held back is not repeated', () => {
    const job = ended(undefined);
    job.items[3] = {
      ...job.items[3]!,
      problem: 'The service could not look up this contact: Profile is private',
    };
    job.items.push(
      {
        ...contact(4, 'failed', ['email']),
        charged: 3,
        problem: 'Charged 3 credits, but the contact could not be saved: the disk is full.',
      },
      { ...contact(5, 'failed', ['email']), listed: 'local', charged: 0 },
      { ...contact(6, 'failed', ['email']), heldBack: true, charged: 0 },
      contact(7, 'failed', ['email']),
    );
    const fold = mount(job).querySelector('[data-testid="bulk-failed"]')!;
    expect(fold.querySelector('summary')!.textContent).toBe('Why 3 contacts failed');
    expect([...fold.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Person 3: The service could not look up this contact: Profile is private',
      'Person 4: Charged 3 credits, but the contact could not be saved: the disk is full.',
      'Person 7: The lookup failed. Nothing was charged for it.',
    ]);
    expect(mount(ended(undefined)).querySelector('[data-testid="bulk-failed"] li')!.textContent).toBe(
      'Person 3: The lookup failed. Nothing was charged for it.',
    );
    const none = ended(undefined);
    none.items.pop();
    expect(mount(none).querySelector('[data-testid="bulk-failed"]')).toBeNull();
  });

  it("asking again starts a new bulk reveal of exactly the lost contacts, for the job's items, at most the price shown", async () => {
    await bulkJobs.setCurrent(
      ended({ charged: 14, uncertain: 0, uncertainMax: 0, shared: false, lost: { calls: 2, credits: 11 } }),
    );
    const bulk = createBulkModel({
      recordFor: () => null,
      selection: signal(['email']),
      balance: signal(null),
      confirmAbove: signal(100),
    });
    call.mockImplementation(async (name: string) =>
      name === 'startBulkReveal' ? { ok: true, value: {} } : { ok: true, value: null },
    );
    await vi.waitFor(() => expect(bulk.job.value?.id).toBe('job-1'));
    await bulk.askAgainLost();
    expect(call).toHaveBeenCalledWith('startBulkReveal', {
      candidates: [1, 2].map((i) => ({
        target: { socialUrl: `https://www.linkedin.com/in/p-${i}`, candidateId: `c${i}` },
        name: `Person ${i}`,
        title: 'Nurse',
      })),
      selection: ['email', 'phone'],
      stopWhenOut: false,
      confirmedMax: MOST,
    });
    expect(bulk.startedHere.value).toBe(1);
    // A refusal (the balance is too low, say) is said on the receipt.
    call.mockResolvedValueOnce({ ok: false, error: { kind: 'refused', message: 'No.' } });
    await bulk.askAgainLost();
    expect(bulk.lostError.value).toMatchObject({ message: 'No.' });
    bulk.stop();
  });

  it('asking again above the known balance, as the first run: only with "stop when the balance runs out" chosen', async () => {
    await bulkJobs.setCurrent(
      ended({ charged: 14, uncertain: 0, uncertainMax: 0, shared: false, lost: { calls: 2, credits: 11 } }),
    );
    // A balance below the most asking again can cost.
    const bulk = createBulkModel({
      recordFor: () => null,
      selection: signal(['email']),
      balance: signal({ remaining: MOST - 1, purchased: null, checkedAt: '2026-12-06T10:02:00.000Z' }),
      confirmAbove: signal(100),
    });
    call.mockImplementation(async (name: string) =>
      name === 'startBulkReveal' ? { ok: true, value: {} } : { ok: true, value: null },
    );
    await vi.waitFor(() => expect(bulk.job.value?.id).toBe('job-1'));
    expect(bulk.askAgainOverBalance.value).toBe(true);
    const root = mount(bulk.job.value!, {
      onAsk: () => void bulk.askAgainLost(),
      disabled: false,
      overBalance: bulk.askAgainOverBalance.value,
      stopWhenOut: bulk.askAgainStopWhenOut,
    });
    const ask = () =>
      [...root.querySelectorAll('button')].find((b) => b.textContent!.startsWith('Ask again'))!;
    const box = root.querySelector<HTMLInputElement>('label.check input')!;
    expect(box.parentElement!.textContent).toBe(
      'Stop when the balance runs out (it is less than asking again may cost)',
    );
    // Not chosen: the button waits, and nothing is sent.
    expect(ask().disabled).toBe(true);
    await bulk.askAgainLost();
    expect(call).not.toHaveBeenCalledWith('startBulkReveal', expect.anything());
    // Chosen: asked for with it, as the first run is.
    bulk.askAgainStopWhenOut.value = true;
    await bulk.askAgainLost();
    expect(call).toHaveBeenCalledWith(
      'startBulkReveal',
      expect.objectContaining({ stopWhenOut: true, confirmedMax: MOST }),
    );
    bulk.stop();
  });
});
