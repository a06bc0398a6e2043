/**
 * The popup's model: which profile it is about (`subject-model.ts`), what is held of it (`held-model.ts`), what
 * the selection may cost (`offer-model.ts`) and why a button cannot be clicked (`reasons-model.ts`), put together
 * here with the account, the selection and the reveal action.
 */
import { computed, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../api/errors';
import type { Retrievable } from '../../api/schema-parts';
import { checkAgainMonths } from '../../store/database/vault/vault-age';
import { account, keyHint } from '../../store/items/account';
import { settings } from '../../store/items/settings';
import { afterShown } from '../helpers/after-shown';
import { pageHints } from '../helpers/reveal-hints';
import { createServiceCheck } from '../helpers/service-check';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';
import { followCapRoom } from './cap-room';
import { createHeldModel } from './held-model';
import { createOfferModel } from './offer-model';
import { createReasonsModel } from './reasons-model';
import { createSubjectModel, subjectTabId } from './subject-model';

export function createPopupModel() {
  /**
   * The first screen is drawn: what it does not show is asked from then on (the team's holdings, a profile page's
   * people, the room under the caps, the spending warnings, the lost-database notice), so its own reads (the tab's
   * person, the vault's record, the settings, the key's hint, the balance, the reveal jobs) go first and alone.
   */
  const later = signal(false);
  const subject = createSubjectModel(later);
  const { socialUrl } = subject;
  /**
   * The balance is asked again (free) when the popup opens: until it answers, nothing paid can be clicked on the
   * stored figure, which may be days old; when the service cannot be reached, the popup says so and offers nothing
   * paid; when it refuses, the figure shown says when it was true.
   */
  const service = createServiceCheck();
  const held = createHeldModel(socialUrl, service.answers, later);
  const selection = signal<Retrievable[]>([]);
  const busy = signal(false);
  /** What the last reveal button asked for: Retry after a passing fault sends the same again, priced as before. */
  const lastReveal = signal<RevealArg>(false);
  const error = signal<ApiErrorJSON | null>(null);
  const firstBalance = account.get();
  const balance = stored(null, () => firstBalance, account.watch);
  const balanceCheck = service.state;
  // Read once on opening for every part that needs them (the key's hint, the defaults, the caps, the check-again
  // setting): each read is a round through the browser, and the first screen waits behind them.
  const firstSettings = settings.get();
  const firstHint = keyHint.get();
  /**
   * The three storage reads the first screen shows (the settings' default selection, the key's hint, the stored
   * balance) have answered, or failed: the first render waits for them, so it draws the form as it will stay rather
   * than an empty one redrawn as each lands (each render of the popup is a diff of all of it, on the thread the
   * worker's answer waits for).
   */
  const firstReads = Promise.allSettled([firstSettings, firstHint, firstBalance]).then(() => undefined);
  const key = stored(null, () => firstHint, keyHint.watch);
  /** The room under the caps, followed once the first screen is drawn. */
  const capRoom = signal<ReturnType<typeof followCapRoom> | null>(null);
  const room = computed(() => capRoom.value?.room.value ?? null);
  /** The "check again after" setting in force; nothing is offered until it is read. */
  const checkAfter = stored(
    0,
    async () => checkAgainMonths((await firstSettings).checkAgainAfterMonths),
    (cb) => settings.watch((next) => cb(checkAgainMonths(next.checkAgainAfterMonths))),
  );
  const offer = createOfferModel({
    record: held.record,
    teamHeld: held.teamHeld,
    selection,
    checkAgainMonths: checkAfter.value,
  });
  const capRoomKnown = computed(() => capRoom.value?.known.value ?? false);
  const reasons = createReasonsModel({
    socialUrl,
    selection,
    offer,
    job: held.job,
    cutOff: held.cutOff,
    checkProblem: held.checkProblem,
    unreadable: held.unreadable,
    busy,
    hasKey: computed(() => Boolean(key.value.value)),
    checkingBalance: service.checking,
    unreachable: service.unreachable,
    remaining: computed(() => balance.value.value?.remaining),
    capRoom: room,
    // Until the room under the caps is read, nothing paid is offered, as while the balance is asked again.
    capRoomKnown,
  });

  let selectionChosen = false;
  /** The user picks the items to reveal. */
  const chooseSelection = (next: Retrievable[]) => {
    selectionChosen = true;
    selection.value = next;
  };

  /** Asks the balance again (free): on opening, on Retry, and when the user asks after a refusal for too few credits. */
  const refreshBalance = service.check;

  /**
   * What the first screen shows is known (the key, the page, the vault), the balance's fresh answer aside: the
   * popup's later parts (saved searches) load then, so their code and reads never delay the person's contact.
   */
  const firstShown = computed(
    () => key.loaded.value && subject.pageRead.value && (socialUrl.value === null || held.vaultLoaded.value),
  );

  /**
   * Everything the first screen depends on has answered (the key, the page, the vault, the fresh balance, the room
   * under the caps, read once the screen is drawn): the popup can put the focus on its primary action, which is
   * enabled only then, without it moving away a moment later.
   */
  const settled = computed(() => firstShown.value && balanceCheck.value !== 'checking' && capRoomKnown.value);

  /** Resolves once a frame has drawn the first screen (or a second has passed): the popup's later parts wait for it. */
  const drawn = afterShown(firstShown);
  void drawn.then(() => {
    capRoom.value = followCapRoom(firstSettings);
    later.value = true;
  });

  async function init() {
    // The tab's person, with what is held of them, is asked beside the settings, not after them.
    const following = subjectTabId().then((tabId) => subject.follow(tabId, held.firstHeard));
    const [current, hint] = await Promise.all([firstSettings, firstHint]);
    if (hint) void refreshBalance();
    // The user's own ticks win over defaults that arrive after them.
    if (!selectionChosen) selection.value = current.defaultSelection;
    await following;
  }

  /**
   * Reveals the selection; `again` after a cut-off reveal, once the user has seen what it was charged; `'missing'`
   * asks once more for the items not found before (their own priced button); `'check'` asks anew for the held items
   * bought longer ago than the setting ("Check again"); an item alone is its "Add" button.
   */
  async function reveal(again: RevealArg = false) {
    const url = socialUrl.value;
    const one = typeof again === 'string' && again !== 'missing' && again !== 'check' ? again : null;
    const problem = one
      ? reasons.addProblem(one)
      : again === 'missing'
        ? reasons.askAgainProblem.value
        : again === 'check'
          ? offer.toCheckAgain.value.length === 0
            ? 'Nothing held is older than your setting.'
            : reasons.checkAgainProblem.value
          : again
            ? reasons.retryReason.value
            : reasons.disabledReason.value;
    if (!url || problem) return;
    busy.value = true;
    error.value = null;
    const hints = pageHints(subject.nameHint(), subject.locationHint());
    const result = await call('reveal', {
      target: { socialUrl: url },
      selection: one
        ? [one]
        : again === 'missing'
          ? offer.knownMissing.value
          : again === 'check'
            ? offer.toCheckAgain.value
            : selection.value,
      retryNotFound: again === 'missing',
      ...(again === 'check' ? { checkAgain: true } : {}),
      // The popup says both before the click: the cut-off reveal's charge, and that the stored contact is unreadable.
      ...(again === true ? { retryCutOff: true } : {}),
      ...(held.unreadable.value ? { replaceUnreadable: true } : {}),
      ...(hints ? { hints } : {}),
    });
    busy.value = false;
    if (result.ok) held.answered(result.value, url);
    else {
      error.value = result.error;
      service.heard(result.error);
    }
  }

  return {
    tabProfile: subject.tabProfile,
    tabId: subject.tabId,
    page: subject.page,
    pageError: subject.pageError,
    pagePerson: subject.pagePerson,
    manualUrl: subject.manualUrl,
    manualUrlProblem: subject.manualUrlProblem,
    socialUrl,
    record: held.record,
    unreadable: held.unreadable,
    unreadableWarning: reasons.unreadableWarning,
    job: held.job,
    cutOff: held.cutOff,
    settledCutOff: held.settledCutOff,
    lostAgainCost: held.lostAgainCost,
    checkProblem: held.checkProblem,
    retryReason: reasons.retryReason,
    selection,
    knownMissing: offer.knownMissing,
    askAgainCost: offer.askAgainCost,
    askAgainProblem: reasons.askAgainProblem,
    toCheckAgain: offer.toCheckAgain,
    checkAgainCost: offer.checkAgainCost,
    checkAgainProblem: reasons.checkAgainProblem,
    allDecided: offer.allDecided,
    toAdd: offer.toAdd,
    addProblem: reasons.addProblem,
    revealedAt: held.revealedAt,
    balanceCheck,
    service,
    refreshBalance,
    capBlocked: reasons.capBlocked,
    capRoom: room,
    later,
    spendProblem: reasons.spendProblem,
    settled,
    firstShown,
    firstReads,
    drawn,
    lastReveal,
    busy,
    error,
    balance: balance.value,
    key: key.value,
    keyLoaded: key.loaded,
    toAsk: offer.toAsk,
    status: held.status,
    maxCost: offer.maxCost,
    teamHeld: held.teamHeld,
    disabledReason: reasons.disabledReason,
    init,
    chooseSelection,
    reveal,
  };
}

/** The words of the shared rule the popup's views also show (the notice's, the reason's). */
export { CHECKING_BALANCE, NO_KEY, NOT_ENOUGH } from '../helpers/reveal-price';

export type PopupModel = ReturnType<typeof createPopupModel>;

/**
 * What a reveal button asks: the ticked items (`false`), again after a cut-off (`true`), the items not found
 * (`'missing'`), the held items older than the setting (`'check'`), or one item.
 */
export type RevealArg = boolean | 'missing' | 'check' | Retrievable;
