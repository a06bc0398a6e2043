import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { Retrievable } from '../../../../src/api/schema-parts';
import type { CapRoom } from '../../../../src/ledger/caps';
import type { RevealJob } from '../../../../src/store/items/reveal-jobs';
import { CUT_OFF } from '../../../../src/store/work-status';
import { createReasonsModel } from '../../../../src/ui/popup/reasons-model';
import { ADA } from '../sidepanel/fixtures';
import { revealJob } from './fixtures';

const cutOffJob = revealJob({ status: CUT_OFF });

/** Reasons for a ready popup (a profile, a key, 100 credits, no cap), with `over` what a test changes. */
function reasonsFor(
  over: {
    socialUrl?: string | null;
    selection?: Retrievable[];
    toAsk?: Retrievable[];
    maxCost?: number;
    job?: RevealJob | null;
    checkProblem?: string | null;
    unreadable?: boolean;
    busy?: boolean;
    hasKey?: boolean;
    checking?: boolean;
    unreachable?: boolean;
    remaining?: number;
    room?: CapRoom | null;
    roomKnown?: boolean;
  } = {},
) {
  const job = signal(over.job ?? null);
  return createReasonsModel({
    socialUrl: signal(over.socialUrl === undefined ? ADA : over.socialUrl),
    selection: signal(over.selection ?? ['email']),
    offer: {
      toAsk: signal(over.toAsk ?? ['email']),
      maxCost: signal(over.maxCost ?? 3),
      askAgainCost: signal(6),
      checkAgainCost: signal(3),
      addCost: (item) => (item === 'phone' ? 6 : 1),
    },
    job,
    cutOff: signal(job.value?.status === CUT_OFF ? job.value : null),
    checkProblem: signal(over.checkProblem ?? null),
    unreadable: signal(over.unreadable ?? false),
    busy: signal(over.busy ?? false),
    hasKey: signal(over.hasKey ?? true),
    checkingBalance: signal(over.checking ?? false),
    unreachable: signal(over.unreachable ?? false),
    remaining: signal(over.remaining ?? 100),
    capRoom: signal(over.room ?? null),
    capRoomKnown: signal(over.roomKnown ?? true),
  });
}

describe("why the popup's paid buttons cannot be clicked", () => {
  it('until the room under the caps is read (after the first screen), nothing paid is offered; free is', () => {
    const waiting = reasonsFor({ roomKnown: false });
    expect(waiting.disabledReason.value).toBe('Checking your balance…');
    expect(waiting.addProblem('phone')).toBe('Checking your balance…');
    expect(reasonsFor({ roomKnown: false, maxCost: 0 }).disabledReason.value).toBeNull();
    expect(reasonsFor({ roomKnown: true }).disabledReason.value).toBeNull();
  });

  it('a ready popup: nothing stands in the way', () => {
    const reasons = reasonsFor();
    expect(reasons.disabledReason.value).toBeNull();
    expect(reasons.retryReason.value).toBeNull();
    expect(reasons.askAgainProblem.value).toBeNull();
    expect(reasons.addProblem('phone')).toBeNull();
    expect(reasons.capBlocked.value).toBe(false);
    expect(reasons.unreadableWarning.value).toBeNull();
  });

  it('says first what blocks any paid call, then what the popup lacks, in that order', () => {
    expect(reasonsFor({ busy: true, socialUrl: null }).disabledReason.value).toBe('A reveal is in progress.');
    expect(reasonsFor({ job: { ...cutOffJob, status: 'running' } }).disabledReason.value).toBe(
      'A reveal is in progress.',
    );
    expect(reasonsFor({ hasKey: false, socialUrl: null }).disabledReason.value).toBe('No API key yet.');
    expect(reasonsFor({ socialUrl: null }).disabledReason.value).toBe(
      'Open a LinkedIn profile or paste a profile URL.',
    );
    expect(reasonsFor({ selection: [] }).disabledReason.value).toBe('Choose at least one item to reveal.');
    expect(reasonsFor({ toAsk: [] }).disabledReason.value).toBe('Everything ticked is revealed already.');
    expect(reasonsFor({ checking: true }).disabledReason.value).toBe('Checking your balance…');
    expect(reasonsFor({ unreachable: true, remaining: 2 }).disabledReason.value).toBe(
      "Can't reach the candidate service right now",
    );
    expect(reasonsFor({ remaining: 2 }).disabledReason.value).toMatch(
      /^Not enough credits: this may cost up to 3/,
    );
  });

  it('the service out of reach holds back every paid button, a free one included, but never a missing key', () => {
    const reasons = reasonsFor({ unreachable: true });
    expect(reasons.disabledReason.value).toBe("Can't reach the candidate service right now");
    expect(reasons.retryReason.value).toBe("Can't reach the candidate service right now");
    expect(reasons.askAgainProblem.value).toBe("Can't reach the candidate service right now");
    expect(reasons.addProblem('phone')).toBe("Can't reach the candidate service right now");
    expect(reasons.spendProblem(0)).toBe("Can't reach the candidate service right now");
    expect(reasonsFor({ unreachable: true, hasKey: false }).disabledReason.value).toBe('No API key yet.');
  });

  it('a spending cap below the most the selection can cost blocks Reveal and says so', () => {
    const reasons = reasonsFor({ room: { left: 2, cap: 'daily' } });
    expect(reasons.capBlocked.value).toBe(true);
    expect(reasons.disabledReason.value).toMatch(/daily spending cap leaves 2/);
    // An Add button within the room is still open.
    expect(reasons.addProblem('detailed_profile')).toBeNull();
    expect(reasons.addProblem('phone')).toMatch(/daily spending cap/);
  });

  it('a cut-off reveal: Reveal points to its note; Reveal again waits for its charge to be checked', () => {
    const reasons = reasonsFor({ job: cutOffJob });
    expect(reasons.disabledReason.value).toBe(
      'The last reveal was cut off: reveal again from the note above.',
    );
    expect(reasons.retryReason.value).toBe('Checking your balance first…');
    expect(
      reasonsFor({ job: { ...cutOffJob, check: { remaining: 97, charged: 3, final: true, at: '' } } })
        .retryReason.value,
    ).toBeNull();
    expect(reasonsFor({ job: cutOffJob, checkProblem: 'Could not check' }).retryReason.value).toBeNull();
    // Items the cut-off reveal did not ask are not held back by it.
    expect(reasonsFor({ job: cutOffJob, toAsk: ['phone'] }).disabledReason.value).toBeNull();
  });

  it('an unreadable stored contact: revealing again is allowed, with the warning that it may charge again', () => {
    expect(reasonsFor({ unreadable: true }).unreadableWarning.value).toMatch(
      /may charge for items you already paid/,
    );
    expect(reasonsFor({ unreadable: true, toAsk: [] }).unreadableWarning.value).toBeNull();
  });
});
