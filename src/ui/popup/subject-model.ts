/**
 * Which profile the popup is about: the one its tab shows, the one person of a Sales Navigator lead, Recruiter
 * profile or member-id profile page, or a URL the user pasted (refused here, with why, when it is not one).
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import type { ApiErrorJSON } from '../../api/errors';
import { formatNumber } from '../../format/numbers';
import { MESSAGE_LIMITS } from '../../input-limits';
import type { PagePeople, TabPerson } from '../../protocol/shapes';
import { describeLinkedInUrl } from '../../sites/linkedin/describe-url';
import { profileUrl } from '../../sites/linkedin/url';
import { type TabProfile, tabProfiles } from '../../store/items/tabs';
import { once } from '../helpers/after-shown';
import { placeShown } from '../helpers/reveal-hints';
import { call } from '../rpc';

/** The tab the popup is about: `?tabId=` when opened as a page, else the active tab of the current window. */
export async function subjectTabId(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** Why a pasted text is not a profile URL the popup can act on, or null when it is one (or nothing is pasted). */
export function pastedUrlProblem(pasted: string): string | null {
  const text = pasted.trim();
  if (text.length > MESSAGE_LIMITS.profileUrl) {
    return `The pasted text is ${formatNumber(text.length)} characters; a profile URL can be at most ${formatNumber(MESSAGE_LIMITS.profileUrl)}. Paste a link like https://www.linkedin.com/in/jane-doe.`;
  }
  return text && !profileUrl(pasted)
    ? (describeLinkedInUrl(pasted)?.pasted ??
        'Not a LinkedIn profile URL. Paste a link like https://www.linkedin.com/in/jane-doe.')
    : null;
}

/**
 * `later` holds once the popup's first screen is drawn: on a profile the tab reported, the people of its page (a
 * message to the worker, which asks the tab) are asked then, not beside the reads the first screen waits on.
 */
export function createSubjectModel(later: ReadonlySignal<boolean> = signal(true)) {
  /** What the tab's content script reported of the profile it shows. */
  const tabProfile = signal<TabProfile | null>(null);
  const manualUrl = signal('');
  /** The tab the popup is about, and the people its page shows (read when the popup opens). */
  const tabId = signal<number | null>(null);
  const page = signal<PagePeople | null>(null);
  const pageError = signal<ApiErrorJSON | null>(null);
  /**
   * What the popup shows first is known: the tab reported a profile, or its page has been read, or there is no tab
   * to read.
   */
  const pageRead = signal(false);
  /** The one person of a Sales Navigator lead, Recruiter profile or member-id profile page. */
  const pagePerson = computed(() => {
    const p = page.value;
    return p && !p.list && p.kind !== 'profile' ? (p.people[0] ?? null) : null;
  });
  /** A pasted text too long to be a profile URL is refused here, before it is parsed or sent. */
  const manualUrlProblem = computed(() => pastedUrlProblem(manualUrl.value));
  const manualSocialUrl = computed(() =>
    manualUrl.value.trim() && !manualUrlProblem.value ? profileUrl(manualUrl.value) : null,
  );
  /** The profile the popup acts on. */
  const socialUrl = computed(
    () => tabProfile.value?.socialUrl ?? pagePerson.value?.socialUrl ?? manualSocialUrl.value,
  );
  /** The name the page shows for the profile, passed to the background as a hint for the vault's record. */
  const nameHint = () => tabProfile.value?.nameHint ?? pagePerson.value?.name;
  /**
   * The place the page shows for the profile the popup acts on, kept on the vault's record (the service's answer has
   * none): the library's Location and its CSV, as for a contact revealed from a search row.
   */
  const locationHint = () => placeShown(page.value, socialUrl.value);

  /** Reads the people of the tab's page (the popup was opened: the user's asking). */
  async function readPage(id: number) {
    const result = await call('pagePeople', { tabId: id });
    if (result.ok) page.value = result.value;
    else pageError.value = result.error;
  }

  /**
   * Follows tab `id` (null: no tab to read): its detected profile is asked of the worker with what is held of that
   * person (`tabPerson`, handed to `heard` before the profile is shown), or read here when the worker does not
   * answer, then watched for the popup's whole life; its page's people are read once, at once when the tab
   * reported no profile (the page is then what the popup shows first), else once the first screen is drawn.
   * Resolves once the profile is read (the page may still be answering).
   */
  async function follow(id: number | null, heard?: (person: TabPerson) => void) {
    if (id === null) {
      pageRead.value = true;
      return;
    }
    tabId.value = id;
    const profileRead = call('tabPerson', { tabId: id })
      .then((answer) => {
        if (!answer.ok) return tabProfiles.get(id);
        heard?.(answer.value);
        return answer.value.profile;
      })
      .then((value) => {
        tabProfile.value = value;
        return value;
      });
    void profileRead.then(async (profile) => {
      if (profile) {
        pageRead.value = true;
        once(later, () => void readPage(id));
        return;
      }
      await readPage(id);
      pageRead.value = true;
    });
    await profileRead;
    tabProfiles.watch(id, (value) => {
      tabProfile.value = value;
    });
  }

  return {
    tabProfile,
    tabId,
    page,
    pageError,
    pageRead,
    pagePerson,
    manualUrl,
    manualUrlProblem,
    socialUrl,
    nameHint,
    locationHint,
    follow,
  };
}

export type SubjectModel = ReturnType<typeof createSubjectModel>;
