/**
 * The popup's model: which profile it is about (the active tab's, or a pasted URL), what the vault holds for it,
 * what the selection may cost, and the reveal action.
 */
import { batch, computed, effect, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import type { ApiErrorJSON } from '../../api/errors';
import type { Retrievable } from '../../api/schema-parts';
import { lostItsWorker } from '../../domain/worker';
import { MESSAGE_LIMITS } from '../../input-limits';
import type { PagePeople } from '../../protocol/shapes';
import { describeLinkedInUrl } from '../../sites/linkedin/describe-url';
import { profileUrl } from '../../sites/linkedin/url';
import { account, keyHint } from '../../store/account';
import type { Read } from '../../store/item';
import { jobs, outcomeUnknown, type RevealJob } from '../../store/jobs';
import { settings } from '../../store/settings';
import { type TabProfile, tabProfiles } from '../../store/tabs';
import { vault } from '../../store/vault';
import { type ContactRecord, itemsToAsk } from '../../store/vault-record';
import { workerBeat } from '../../store/worker-beat';
import { followCutOffCheck } from '../cut-off-check';
import { ITEMS } from '../items';
import { spendProblem as sharedSpendProblem } from '../reveal-price';
import { call } from '../rpc';
import { heldByItem, maxCostWithTeam, type TeamHeldItems } from '../team-held';
import { stored } from '../use-stored';
import { ageInWords } from '../words/age';
import { capProblem, watchCapRoom } from './cap-room';

/** The tab the popup is about: `?tabId=` when opened as a page, else the active tab of the current window. */
async function subjectTabId(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

export function createPopupModel() {
  const tabProfile = signal<TabProfile | null>(null);
  const manualUrl = signal('');
  /** The tab the popup is about, and the people its page shows (read when the popup opens). */
  const subjectTab = signal<number | null>(null);
  const page = signal<PagePeople | null>(null);
  const pageError = signal<ApiErrorJSON | null>(null);
  /** The one person of a Sales Navigator lead, Recruiter profile or member-id profile page. */
  const pagePerson = computed(() => {
    const p = page.value;
    return p && !p.list && p.kind !== 'profile' ? (p.people[0] ?? null) : null;
  });
  /** The vault's answer for the profile: a record, none, or one that could not be read. */
  const vaultRead = signal<Read<ContactRecord>>({ state: 'missing' });
  /** The vault has answered for the current profile (until then, "not revealed" is not known yet). */
  const vaultLoaded = signal(false);
  const record = computed(() => (vaultRead.value.state === 'ok' ? vaultRead.value.value : null));
  const unreadable = computed(() => vaultRead.value.state === 'unreadable');
  /** The latest job as stored: "running" there may belong to a worker that was stopped since. */
  const storedJob = signal<RevealJob | null>(null);
  const beat = stored(null, workerBeat.get, workerBeat.watch);
  /** The clock a "running" job's heartbeat is judged by; ticks only while one is shown running. */
  const now = signal(Date.now());
  /** The latest job as it is: a running one whose worker stopped beating is shown interrupted. */
  const job = computed(() => {
    const latest = storedJob.value;
    // Until the heartbeat's first read lands, a running job is taken at its word (for a moment, not for good).
    if (
      !latest ||
      !lostItsWorker(
        latest.status,
        latest.worker,
        beat.loaded.value ? beat.value.value : undefined,
        now.value,
      )
    )
      return latest;
    return { ...latest, status: 'interrupted' as const };
  });
  /** The latest reveal, when it was cut off: its charge is checked, and asking again is a separate choice. */
  const cutOff = computed(() => (outcomeUnknown(job.value) ? job.value : null));
  const checkProblem = signal<string | null>(null);
  const selection = signal<Retrievable[]>([]);
  const busy = signal(false);
  /** What the last reveal button asked for: Retry after a passing fault sends the same again, priced as before. */
  const lastReveal = signal<boolean | 'missing' | Retrievable>(false);
  /** Set once this popup's own reveal answers: the status then speaks of that reveal, not of data held before. */
  const revealedHere = signal(false);
  const error = signal<ApiErrorJSON | null>(null);
  const balance = stored(null, account.get, account.watch);
  /**
   * The balance is asked again (free) when the popup opens: until it answers, nothing paid can be clicked on the
   * stored figure, which may be days old; when it cannot be asked, the figure shown says when it was true.
   */
  const balanceCheck = signal<'idle' | 'checking' | 'fresh' | 'failed'>('idle');
  const key = stored(null, keyHint.get, keyHint.watch);
  const capRoom = watchCapRoom();

  /** A pasted text too long to be a profile URL is refused here, before it is parsed or sent. */
  const manualTooLong = computed(() => manualUrl.value.trim().length > MESSAGE_LIMITS.profileUrl);
  const manualSocialUrl = computed(() =>
    manualUrl.value.trim() && !manualTooLong.value ? profileUrl(manualUrl.value) : null,
  );
  const manualUrlProblem = computed(() => {
    if (manualTooLong.value) {
      return `The pasted text is ${manualUrl.value.trim().length.toLocaleString('en-US')} characters; a profile URL can be at most ${MESSAGE_LIMITS.profileUrl.toLocaleString('en-US')}. Paste a link like https://www.linkedin.com/in/jane-doe.`;
    }
    return manualUrl.value.trim() && !manualSocialUrl.value
      ? (describeLinkedInUrl(manualUrl.value)?.pasted ??
          'Not a LinkedIn profile URL. Paste a link like https://www.linkedin.com/in/jane-doe.')
      : null;
  });
  /** The profile the popup acts on. */
  const socialUrl = computed(
    () => tabProfile.value?.socialUrl ?? pagePerson.value?.socialUrl ?? manualSocialUrl.value,
  );

  /** What the team holds of the profile, as the gateway said when it was shown (empty otherwise). */
  const teamHeld = signal<TeamHeldItems>({});
  /** Selected items the service would be asked for (held ones, and known-missing ones, are free). */
  const toAsk = computed(() => itemsToAsk(record.value, selection.value));
  /** The most the selection can cost: items the team holds are asked of the gateway but cost nothing. */
  const maxCost = computed(() => maxCostWithTeam(toAsk.value, teamHeld.value));
  /** Items looked up before and not found: asked again only through their own priced button. */
  const knownMissing = computed(() => ITEMS.filter((item) => record.value?.[item]?.found === false));
  const askAgainCost = computed(() => maxCostWithTeam(knownMissing.value, teamHeld.value));
  /** Every item is held or known not to exist: nothing is left for the reveal form to ask. */
  const allDecided = computed(() => ITEMS.every((item) => record.value?.[item] !== undefined));
  /** Items never asked for this profile: after a reveal, each is its own priced button ("Add phone · 6 credits"). */
  const toAdd = computed(() => ITEMS.filter((item) => record.value && record.value[item] === undefined));
  /** When the vault's record was last changed: "revealed 3 months ago". */
  const revealedAt = computed(() => record.value?.updatedAt ?? null);

  /**
   * What the vault holds for the profile, in words: right after this popup's reveal, what that reveal did; on
   * opening, how long ago it was revealed (the exact moment in the status's tooltip). Items not found are said once,
   * in the contact card, not here.
   */
  const status = computed(() => {
    if (unreadable.value) {
      return 'The stored contact for this profile could not be read. It was kept aside, not deleted.';
    }
    const held = record.value;
    if (!held) return 'Not revealed yet';
    if (held.unknownAt) return 'The service does not know this profile';
    const found = ITEMS.filter((item) => held[item]?.found === true);
    const latest = job.value;
    if (revealedHere.value && latest?.status === 'done') {
      return latest.requested.some((item) => held[item]?.found)
        ? 'Revealed just now'
        : 'Looked up just now: nothing found';
    }
    const age = ageInWords(held.updatedAt);
    if (found.length === 0) return `Looked up ${age}: nothing found`;
    return `Revealed ${age}`;
  });

  /** The items of the cut-off reveal that the selection would ask for again. */
  const askedAgain = computed(() => toAsk.value.filter((item) => cutOff.value?.requested.includes(item)));

  /** Why a paid call of at most `max` credits cannot be sent from here, or null when it can (the shared rule). */
  const spendProblem = (max: number) =>
    sharedSpendProblem(max, {
      underWay: busy.value || job.value?.status === 'running',
      // Said once, by the notice with its button to Options (see App).
      hasKey: Boolean(key.value.value),
      checking: balanceCheck.value === 'checking',
      remaining: balance.value.value?.remaining,
      room: capRoom.value,
    });

  /** Why Reveal (or Reveal again, after a cut-off) cannot be clicked, or null when it can. */
  const revealProblem = computed(() => {
    const ready = spendProblem(0);
    if (ready) return ready;
    if (!socialUrl.value) return 'Open a LinkedIn profile or paste a profile URL.';
    if (selection.value.length === 0) return 'Choose at least one item to reveal.';
    if (toAsk.value.length === 0) return 'Everything ticked is revealed already.';
    return spendProblem(maxCost.value);
  });
  /** The selection would pass a spending cap (Reveal says so; an earlier refusal for it is not said again). */
  const capBlocked = computed(() => capProblem(capRoom.value, maxCost.value) !== null);
  /** Why "Ask again" for the items not found cannot be clicked, or null when it can. */
  const askAgainProblem = computed(() => spendProblem(askAgainCost.value));

  /** Why Reveal cannot be clicked, or null when it can. */
  const disabledReason = computed(() =>
    askedAgain.value.length > 0 && !busy.value
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
    unreadable.value && toAsk.value.length > 0
      ? 'Revealing again asks the service anew and may charge for items you already paid for.'
      : null,
  );

  /** While a job is shown running, re-judge its worker's heartbeat every second. */
  effect(() => {
    if (storedJob.value?.status !== 'running') return;
    const timer = setInterval(() => {
      now.value = Date.now();
    }, 1000);
    return () => clearInterval(timer);
  });

  /** A cut-off reveal's charge is checked when shown (once), and again while "not charged so far". */
  let checking: string | null = null;
  effect(() => {
    const interrupted = cutOff.value;
    if (!interrupted || (!interrupted.check && checking === interrupted.id)) return;
    checking = interrupted.id;
    return followCutOffCheck(interrupted, (problem) => {
      checkProblem.value = problem;
    });
  });

  /** Watchers of the current profile's record and jobs, replaced when the profile changes. */
  let unwatch: Array<() => void> = [];
  /** Follows the vault record and latest job of the current profile. */
  effect(() => {
    const url = socialUrl.value;
    for (const stop of unwatch) stop();
    unwatch = [];
    vaultRead.value = { state: 'missing' };
    vaultLoaded.value = false;
    storedJob.value = null;
    revealedHere.value = false;
    if (!url) return;
    const refresh = async () => {
      const [r, j] = await Promise.all([vault.lookup({ socialUrl: url }), jobs.latestFor(url)]);
      if (socialUrl.peek() !== url) return;
      batch(() => {
        vaultRead.value = r;
        vaultLoaded.value = true;
        storedJob.value = j;
      });
    };
    void refresh();
    unwatch.push(
      vault.watch(url, () => void refresh()),
      jobs.watch(() => void refresh()),
    );
  });

  /**
   * Which items the team holds of the profile shown, when the connection is a team gateway (free; the background
   * answers "none" without a request otherwise, so the popup need not know which it is).
   */
  effect(() => {
    const url = socialUrl.value;
    teamHeld.value = {};
    if (!url) return;
    void call('teamHeld', { people: [{ socialUrl: url }] }).then((result) => {
      // Without an answer the full prices stay: never a lower price than the gateway confirmed.
      if (result.ok && socialUrl.peek() === url) teamHeld.value = heldByItem(result.value[0]);
    });
  });

  let selectionChosen = false;
  /** The user picks the items to reveal. */
  const chooseSelection = (next: Retrievable[]) => {
    selectionChosen = true;
    selection.value = next;
  };

  /** Asks the balance again (free): on opening, and when the user asks after a refusal for too few credits. */
  async function refreshBalance() {
    balanceCheck.value = 'checking';
    const result = await call('refreshAccount');
    balanceCheck.value = result.ok ? 'fresh' : 'failed';
  }

  /** The tab's page has been read (or there is no tab to read): what the popup shows first is known. */
  const pageRead = signal(false);
  /** Reads the people of the tab's page (the popup was opened: the user's asking). */
  async function readPage(id: number) {
    const result = await call('pagePeople', { tabId: id });
    if (result.ok) page.value = result.value;
    else pageError.value = result.error;
  }
  /**
   * Everything the first screen depends on has answered (the key, the page, the vault, the fresh balance): the
   * popup can put the focus on its primary action without it moving away a moment later.
   */
  const settled = computed(
    () =>
      key.loaded.value &&
      pageRead.value &&
      (socialUrl.value === null || vaultLoaded.value) &&
      balanceCheck.value !== 'checking',
  );

  async function init() {
    const [tabId, current, hint] = await Promise.all([subjectTabId(), settings.get(), keyHint.get()]);
    if (hint) void refreshBalance();
    // The user's own ticks win over defaults that arrive after them.
    if (!selectionChosen) selection.value = current.defaultSelection;
    if (tabId === null) pageRead.value = true;
    else {
      subjectTab.value = tabId;
      const profileRead = tabProfiles.get(tabId).then((value) => {
        tabProfile.value = value;
      });
      void Promise.all([readPage(tabId), profileRead]).then(() => {
        pageRead.value = true;
      });
      await profileRead;
      // Kept apart from `unwatch`: the tab is followed for the popup's whole life, whichever profile it shows.
      tabProfiles.watch(tabId, (value) => {
        tabProfile.value = value;
      });
    }
  }

  /** Why one "Add <item>" button cannot be clicked, or null when it can. */
  const addProblem = (item: Retrievable) => spendProblem(maxCostWithTeam([item], teamHeld.value));

  /**
   * Reveals the selection; `again` after a cut-off reveal, once the user has seen what it was charged; `'missing'`
   * asks once more for the items not found before (their own priced button); an item alone is its "Add" button.
   */
  async function reveal(again: boolean | 'missing' | Retrievable = false) {
    const url = socialUrl.value;
    const one = typeof again === 'string' && again !== 'missing' ? again : null;
    const problem = one
      ? addProblem(one)
      : again === 'missing'
        ? askAgainProblem.value
        : again
          ? retryReason.value
          : disabledReason.value;
    if (!url || problem) return;
    busy.value = true;
    error.value = null;
    const name = tabProfile.value?.nameHint ?? pagePerson.value?.name;
    const hints = name ? { name } : undefined;
    const result = await call('reveal', {
      target: { socialUrl: url },
      selection: one ? [one] : again === 'missing' ? knownMissing.value : selection.value,
      retryNotFound: again === 'missing',
      // The popup says both before the click: the cut-off reveal's charge, and that the stored contact is unreadable.
      ...(again === true ? { retryInterrupted: true } : {}),
      ...(unreadable.value ? { replaceUnreadable: true } : {}),
      ...(hints ? { hints } : {}),
    });
    busy.value = false;
    if (result.ok) revealedHere.value = true;
    else error.value = result.error;
  }

  return {
    tabProfile,
    tabId: subjectTab,
    page,
    pageError,
    pagePerson,
    manualUrl,
    manualUrlProblem,
    socialUrl,
    record,
    unreadable,
    unreadableWarning,
    job,
    cutOff,
    checkProblem,
    retryReason,
    selection,
    knownMissing,
    askAgainCost,
    askAgainProblem,
    allDecided,
    toAdd,
    addProblem,
    revealedAt,
    balanceCheck,
    refreshBalance,
    capBlocked,
    capRoom,
    spendProblem,
    settled,
    lastReveal,
    busy,
    error,
    balance: balance.value,
    key: key.value,
    keyLoaded: key.loaded,
    toAsk,
    status,
    maxCost,
    teamHeld,
    disabledReason,
    init,
    chooseSelection,
    reveal,
  };
}

/** The words of the shared rule the popup's views also show (the notice's, the reason's). */
export { CHECKING_BALANCE, NO_KEY, NOT_ENOUGH } from '../reveal-price';

export type PopupModel = ReturnType<typeof createPopupModel>;
