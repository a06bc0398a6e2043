/**
 * People on a do-not-contact list in the side panel's bulk reveal: the quote leaves them out of the count and the
 * maximum and says so before the click; the receipt says once that they were skipped, at no charge, never as failed.
 * Rows are marked from either list.
 */
import { signal } from '@preact/signals';
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BulkJob } from '../../../../src/bulk/job';
import { announce } from '../../../../src/store/database/changes';
import { DNC_STORE } from '../../../../src/store/database/do-not-contact';
import { askTeamHeld, rowOffer, teamHeldFor, useTeamHeld } from '../../../../src/ui/helpers/team-held-rows';
import { Receipt } from '../../../../src/ui/sidepanel/bulk/bulk-job-view';
import { createBulkModel } from '../../../../src/ui/sidepanel/bulk/bulk-model';
import { BulkQuote, QuoteDetails } from '../../../../src/ui/sidepanel/bulk/bulk-views';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

const url = (slug: string) => `https://www.linkedin.com/in/${slug}`;
const candidate = (slug: string) => ({ target: { socialUrl: url(slug), candidateId: null }, name: slug });

function mount(node: preact.ComponentChild) {
  const { document } = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  vi.stubGlobal('document', document);
  const root = document.getElementById('root')!;
  render(node, root as never);
  return root;
}

/** Ada skipped for the team's list, Grace revealed (3 credits). */
const ended: BulkJob = {
  id: 'job-1',
  selection: ['email'],
  quote: {
    contacts: 2,
    held: 0,
    toAsk: 1,
    maxByItem: { email: 3, phone: 0, detailed_profile: 0, healthcare_profile: 0 },
    max: 3,
  },
  stopWhenOut: false,
  status: 'done',
  owner: 'w',
  createdAt: '2026-12-06T10:00:00.000Z',
  finishedAt: '2026-12-06T10:01:00.000Z',
  balanceBefore: 100,
  balanceAfter: 97,
  spend: { charged: 3, uncertain: 0, uncertainMax: 0, shared: false, lost: { calls: 0, credits: 0 } },
  items: [
    {
      key: url('ada'),
      target: candidate('ada').target,
      name: 'ada',
      state: 'failed',
      listed: 'team',
      charged: 0,
    },
    {
      key: url('grace'),
      target: candidate('grace').target,
      name: 'grace',
      state: 'revealed',
      asked: ['email'],
      retrieved: ['email'],
      charged: 3,
    },
  ],
};

describe('a bulk reveal with people on a do-not-contact list, in the side panel', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
  });

  it('the receipt says once that they were skipped, at no charge, and counts no failure', () => {
    const root = mount(<Receipt job={ended} />);
    const skipped = [...root.querySelectorAll('[data-testid="bulk-skipped"]')].map((p) => p.textContent);
    expect(skipped).toEqual(['Skipped 1: on your team’s do-not-contact list (no charge)']);
    expect(root.textContent!.match(/do-not-contact/g)).toHaveLength(1);
    expect(root.textContent).not.toContain('Failed');
    expect(root.querySelector('[data-testid="bulk-charged"]')!.textContent).toBe('3\u00a0credits');
  });

  it('the quote leaves them out and says so before the click; rows are marked from either list', async () => {
    // The background's answer for the rows: Ada on the team's list, Jose on this browser's, Grace on neither.
    call.mockImplementation(async (name: string) =>
      name === 'teamHeld'
        ? {
            ok: true,
            value: [
              { socialUrl: url('ada'), candidateId: null, items: [], doNotContact: true },
              { socialUrl: url('grace'), candidateId: null, items: [] },
              { socialUrl: url('jose'), candidateId: null, items: [], listedHere: true },
            ],
          }
        : { ok: true, value: null },
    );
    await askTeamHeld(['ada', 'grace', 'jose'].map((slug) => ({ socialUrl: url(slug) })));
    expect(rowOffer(null, ['email'], teamHeldFor({ socialUrl: url('ada') })).label).toBe(
      'On your team’s do-not-contact list',
    );
    expect(rowOffer(null, ['email'], teamHeldFor({ socialUrl: url('jose') })).label).toBe(
      'On your do-not-contact list',
    );

    const bulk = createBulkModel({
      recordFor: () => null,
      selection: signal(['email']),
      balance: signal({ remaining: 100, purchased: null, checkedAt: '2026-12-06T10:00:00.000Z' }),
      confirmAbove: signal(100),
    });
    bulk.pick(
      ['ada', 'grace', 'jose'].map((slug) => [slug, candidate(slug)] as const),
      true,
    );
    expect(bulk.plan.value.quote).toMatchObject({ contacts: 3, toAsk: 1, max: 3 });
    const root = mount(
      <>
        <QuoteDetails bulk={bulk} />
        <BulkQuote bulk={bulk} balance={100} />
      </>,
    );
    expect(root.querySelector('[data-testid="quote-listed"]')!.textContent).toBe(
      '1 on your team’s do-not-contact list, not revealed. 1 on your do-not-contact list, not revealed.',
    );
    expect(root.querySelector('[data-testid="quote-details"] p')!.textContent).toBe(
      '1 contact: 1 to look up.',
    );
    expect(root.querySelector('button.primary')!.textContent).toBe('Reveal 1 contact, up to 3 credits');

    // Everyone selected listed: nothing to reveal, and the button says why.
    bulk.pick([['grace', candidate('grace')]], false);
    expect(bulk.blocked.value).toBe('Nothing to reveal: everyone selected is on a do-not-contact list.');
    bulk.stop();
  });

  it("an open list marks someone put on this browser's list elsewhere, without being shown again", async () => {
    let listed = false;
    call.mockImplementation(async (name: string) =>
      name === 'teamHeld'
        ? {
            ok: true,
            value: [
              {
                socialUrl: url('lin'),
                candidateId: null,
                items: [],
                ...(listed ? { listedHere: true } : {}),
              },
            ],
          }
        : { ok: true, value: null },
    );
    function Rows() {
      useTeamHeld([{ socialUrl: url('lin') }]);
      return <p>{rowOffer(null, ['email'], teamHeldFor({ socialUrl: url('lin') })).label}</p>;
    }
    const root = mount(<Rows />);
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(rowOffer(null, ['email'], teamHeldFor({ socialUrl: url('lin') })).label).toBe(
      'Reveal · up to 3 credits',
    );
    // "Forget this person" in another page puts Lin on the list; the list shown here asks again and marks her.
    listed = true;
    announce({ store: DNC_STORE, keys: ['entry-1'] });
    await vi.waitFor(() =>
      expect(rowOffer(null, ['email'], teamHeldFor({ socialUrl: url('lin') })).label).toBe(
        'On your do-not-contact list',
      ),
    );
    render(null, root as never);
  });
});
