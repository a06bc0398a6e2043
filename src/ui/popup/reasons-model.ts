/**
 * Why each of the popup's paid buttons cannot be clicked yet, or null when it can: the shared rule of
 * `reveal-price.ts` (a reveal under way, no key, the balance being asked again, too few credits, a spending cap),
 * then what only the popup knows (no profile, nothing ticked, everything held, a cut-off reveal to settle first).
 */
import { computed, type ReadonlySignal } from '@preact/signals';
import type { Retrievable } from '../../api/schema-parts';
import type { CapRoom } from '../../ledger/caps';
import type { RevealJob } from '../../store/items/reveal-jobs';
import { spendProblem as sharedSpendProblem } from '../helpers/reveal-price';
import { SERVICE_DOWN } from '../words/service';
import { capProblem } from './cap-room';
import type { OfferModel } from './offer-model';

export interface ReasonsDeps {
  socialUrl: ReadonlySignal<string | null>;
  selection: ReadonlySignal<Retrievable[]>;
  offer: Pick<OfferModel, 'toAsk' | 'maxCost' | 'askAgainCost' | 'addCost' | 'checkAgainCost'>;
  /** The latest reveal as it is, and the one cut off (with word of a failed check of its charge). */
  job: ReadonlySignal<RevealJob | null>;
  cutOff: ReadonlySignal<RevealJob | null>;
  checkProblem: ReadonlySignal<string | null>;
  unreadable: ReadonlySignal<boolean>;
  /** This popup's own reveal is under way. */
  busy: ReadonlySignal<boolean>;
  hasKey: ReadonlySignal<boolean>;
  checkingBalance: ReadonlySignal<boolean>;
  /** The service did not answer the balance call. */
  unreachable: ReadonlySignal<boolean>;
  remaining: ReadonlySignal<number | undefined>;
  capRoom: ReadonlySignal<CapRoom | null>;
  /** The room under the caps has been read (until then nothing paid is offered, as while the balance is asked). */
  capRoomKnown?: ReadonlySignal<boolean>;
}

export function createReasonsModel(deps: ReasonsDeps) {
  const { socialUrl, selection, offer, job, cutOff, checkProblem, unreadable, busy, capRoom } = deps;
  /** Why a paid call of at most `max` credits cannot be sent from here, or null when it can (the shared rule). */
  const spendProblem = (max: number) =>
    sharedSpendProblem(max, {
      underWay: busy.value || job.value?.status === 'running',
      // Said once, by the notice with its button to Options (see App).
      hasKey: deps.hasKey.value,
      checking: deps.checkingBalance.value || deps.capRoomKnown?.value === false,
      unreachable: deps.unreachable.value,
      remaining: deps.remaining.value,
      room: capRoom.value,
    });

  /** The items of the cut-off reveal that the selection would ask for again. */
  const askedAgain = computed(() =>
    offer.toAsk.value.filter((item) => cutOff.value?.requested.includes(item)),
  );

  /** Why Reveal (or Reveal again, after a cut-off) cannot be clicked, or null when it can. */
  const revealProblem = computed(() => {
    const ready = spendProblem(0);
    if (ready) return ready;
    if (!socialUrl.value) return 'Open a LinkedIn profile or paste a profile URL.';
    if (selection.value.length === 0) return 'Choose at least one item to reveal.';
    if (offer.toAsk.value.length === 0) return 'Everything ticked is revealed already.';
    return spendProblem(offer.maxCost.value);
  });
  /** The selection would pass a spending cap (Reveal says so; an earlier refusal for it is not said again). */
  const capBlocked = computed(() => capProblem(capRoom.value, offer.maxCost.value) !== null);
  /** Why "Ask again" for the items not found cannot be clicked, or null when it can. */
  const askAgainProblem = computed(() => spendProblem(offer.askAgainCost.value));
  /** Why "Check again" for the items held longer than the setting cannot be clicked, or null when it can. */
  const checkAgainProblem = computed(() => spendProblem(offer.checkAgainCost.value));
  /** Why Reveal cannot be clicked, or null when it can. */
  const disabledReason = computed(() =>
    askedAgain.value.length > 0 && !busy.value && revealProblem.value !== SERVICE_DOWN
      ? 'The last reveal was cut off: reveal again from the note above.'
      : revealProblem.value,
  );
  /** Why "Reveal again" cannot be clicked yet, or null when it can. */
  const retryReason = computed(() =>
    cutOff.value && !cutOff.value.check && !checkProblem.value
      ? 'Checking your balance first…'
      : revealProblem.value,
  );
  /** Said next to Reveal when the stored contact cannot be read: asking again may pay for what was held. */
  const unreadableWarning = computed(() =>
    unreadable.value && offer.toAsk.value.length > 0
      ? 'Revealing again asks the service anew and may charge for items you already paid for.'
      : null,
  );
  /** Why one "Add <item>" button cannot be clicked, or null when it can. */
  const addProblem = (item: Retrievable) => spendProblem(offer.addCost(item));

  return {
    spendProblem,
    capBlocked,
    askAgainProblem,
    checkAgainProblem,
    disabledReason,
    retryReason,
    unreadableWarning,
    addProblem,
  };
}

export type ReasonsModel = ReturnType<typeof createReasonsModel>;
