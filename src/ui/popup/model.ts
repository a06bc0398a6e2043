/**
 * The popup's model: which profile it is about (the active tab's, or a pasted URL), what the vault holds for it,
 * what the selection may cost, and the reveal action.
 */
import { batch, computed, effect, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import type { ApiErrorJSON } from '../../api/errors';
import type { Retrievable } from '../../api/schema-parts';
import type { PagePeople } from '../../background/page-people';
import { MESSAGE_LIMITS } from '../../input-limits';
import { describeLinkedInUrl } from '../../sites/linkedin/describe-url';
import { profileUrl } from '../../sites/linkedin/url';
import {
  account,
  type ContactRecord,
  itemsToAsk,
  jobs,
  keyHint,
  outcomeUnknown,
  ownedNow,
  type Read,
  type RevealJob,
  settings,
  type TabProfile,
  tabProfiles,
  vault,
  workerBeat,
} from '../../storage';
import { followCutOffCheck } from '../cut-off-check';
import { ITEMS } from '../items';
import { spendProblem as sharedSpendProblem } from '../reveal-price';
import { call } from '../rpc';
import { heldByItem, maxCostWithTeam, type TeamHeldItems } from '../team-held';
import { stored } from '../use-stored';
import { itemsInWords } from '../words/items';
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
    if (latest?.status !== 'running' || !beat.loaded.value) return latest;
    if (ownedNow(latest.worker, beat.value.value, now.value)) return latest;
    return { ...latest, status: 'interrupted' as const };
  });
  /** The latest reveal, when it was cut off: its charge is checked, and asking again is a separate choice. */
  const cutOff = computed(() => (outcomeUnknown(job.value) ? job.value : null));
  const checkProblem = signal<string | null>(null);
  const selection = signal<Retrievable[]>([]);
  const busy = signal(false);
  /** Set once this popup's own reveal answers: the status then speaks of that reveal, not of data held before. */
  const revealedHere = signal(false);
  const error = signal<ApiErrorJSON | null>(null);
  const balance = stored(null, account.get, account.watch);
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

  /**
   * What the vault holds for the profile, in words: right after this popup's reveal, what that reveal did; on
   * opening, what was revealed before. Items not found are said once, in the contact card, not here.
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
    if (found.length === 0) return 'Looked up before: nothing found';
    return toAsk.value.length === 0 ? 'Already revealed' : `Revealed: ${itemsInWords(found)}`;
  });

  /** The items of the cut-off reveal that the selection would ask for again. */
  const askedAgain = computed(() => toAsk.value.filter((item) => cutOff.value?.requested.includes(item)));

  /** Why a paid call of at most `max` credits cannot be sent from here, or null when it can (the shared rule). */
  const spendProblem = (max: number) =>
    sharedSpendProblem(max, {
      underWay: busy.value || job.value?.status === 'running',
      // Said once, by the notice with its button to Options (see App).
      hasKey: Boolean(key.value.value),
      remaining: balance.value.value?.remaining,
      room: capRoom.value,
    });

  /** Why Reveal (or Reveal again, after a cut-off) cannot be clicked, or null when it can. */
  const revealProblem = computed(() => {
    const ready = spendProblem(0);
    if (ready) return ready;
    if (!socialUrl.value) return 'Open a LinkedIn profile or paste a profile URL.';
    if (selection.value.length === 0) return 'Choose at least one item to reveal.';
    if (toAsk.value.length === 0) return 'Tick an item not revealed yet.';
    return spendProblem(maxCost.value);
  });
  /** The selection would pass a spending cap (Reveal says so; an earlier refusal for it is not said again). */
  const capBlocked = computed(() => capProblem(capRoom.value, maxCost.value) !== null);
  /** Why "Ask again" for the items not found cannot be clicked, or null when it can. */
  const askAgainProblem = computed(() => spendProblem(askAgainCost.value));

  /** Why Reveal cannot be clicked, or null when it can. */
  const disabledReason = computed(() =>
    askedAgain.value.length > 0 && !busy.value
      ? 'The last reveal was cut off: see what it was charged above, then choose whether to reveal again.'
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
    storedJob.value = null;
    revealedHere.value = false;
    if (!url) return;
    const refresh = async () => {
      const [r, j] = await Promise.all([vault.lookup({ socialUrl: url }), jobs.latestFor(url)]);
      if (socialUrl.peek() !== url) return;
      batch(() => {
        vaultRead.value = r;
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

  /** Reads the people of the tab's page (the popup was opened: the user's asking). */
  async function readPage(id: number) {
    const result = await call('pagePeople', { tabId: id });
    if (result.ok) page.value = result.value;
    else pageError.value = result.error;
  }

  async function init() {
    const [tabId, current] = await Promise.all([subjectTabId(), settings.get()]);
    // The user's own ticks win over defaults that arrive after them.
    if (!selectionChosen) selection.value = current.defaultSelection;
    if (tabId !== null) {
      subjectTab.value = tabId;
      void readPage(tabId);
      tabProfile.value = await tabProfiles.get(tabId);
      // Kept apart from `unwatch`: the tab is followed for the popup's whole life, whichever profile it shows.
      tabProfiles.watch(tabId, (value) => {
        tabProfile.value = value;
      });
    }
  }

  /**
   * Reveals the selection; `again` after a cut-off reveal, once the user has seen what it was charged; `'missing'`
   * asks once more for the items not found before (their own priced button).
   */
  async function reveal(again: boolean | 'missing' = false) {
    const url = socialUrl.value;
    const problem =
      again === 'missing' ? askAgainProblem.value : again ? retryReason.value : disabledReason.value;
    if (!url || problem) return;
    busy.value = true;
    error.value = null;
    const name = tabProfile.value?.nameHint ?? pagePerson.value?.name;
    const hints = name ? { name } : undefined;
    const result = await call('reveal', {
      target: { socialUrl: url },
      selection: again === 'missing' ? knownMissing.value : selection.value,
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
    capBlocked,
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

/** Why nothing can be revealed without a key: the popup's notice says it, with the way to Options. */
export { NO_KEY } from '../reveal-price';

export type PopupModel = ReturnType<typeof createPopupModel>;
