/**
 * Right-click menus. "Reveal contact" on a link to a LinkedIn profile (any site) or on a LinkedIn profile page:
 * reveals with the default options, writes to the vault, and shows the result in the side panel. A menu click is a
 * click in the extension's own UI, so it may spend credits; already-held items cost nothing.
 *
 * "Find this person" on a `mailto:` link and "Find "…"" on a selection (an email address, or a name with the page's
 * domain offered as the company's) spend nothing: they open the side panel on the find, which says its price and
 * sends the search only on the user's click there.
 */
import { browser } from 'wxt/browser';
import { ApiError } from '../api/errors';
import { formatCredits, JD_SEARCH_PRICE, maxCostOfItems, SEARCH_PRICE } from '../api/pricing';
import { offeredDomain } from '../find/domain';
import { emailFieldFromMailto, emailFromText } from '../find/email';
import { type FindIntent, findIntent } from '../find/intent';
import { MESSAGE_LIMITS } from '../input-limits';
import { openSidePanel } from '../side-panel';
import { profileUrl } from '../sites/linkedin/url';
import { vaultKeyFor } from '../store/database/vault/vault-record';
import { panelFocus } from '../store/items/panel';
import { type Selection, settings } from '../store/items/settings';
import { reveal } from './reveal';
import { searchSelection, selectionProblem } from './search/search-selection';
import { refreshBadges } from './tabs';

export const MENU = {
  revealLink: 'reveal-link',
  revealPage: 'reveal-page',
  searchJd: 'search-jd',
  searchFreeText: 'search-free-text',
  findEmailLink: 'find-email-link',
  findSelection: 'find-selection',
} as const;

/**
 * The URL shapes `profileUrl` accepts as a profile, http or https, on linkedin.com and every subdomain (`*.` also
 * matches the bare domain). The patterns only decide where the menu shows; the click handler re-checks the URL.
 */
const PROFILE_PATTERNS = [
  '*://*.linkedin.com/in/*',
  '*://*.linkedin.com/mwlite/in/*',
  '*://*.linkedin.com/m/in/*',
];

/** "Reveal contact (up to 9 credits)": what the default options may cost, shown before the click. */
export function revealTitle(selection: Selection): string {
  const most = maxCostOfItems(selection);
  return most > 0 ? `Reveal contact (up to ${formatCredits(most)})` : 'Reveal contact';
}

/** Keeps the reveal titles' price in step with the default options. */
export async function updateRevealTitles(selection: Selection): Promise<void> {
  const title = revealTitle(selection);
  await Promise.all([
    browser.contextMenus.update(MENU.revealLink, { title }),
    browser.contextMenus.update(MENU.revealPage, { title }),
  ]);
}

/** Creates the menus (idempotent: removes them first, as Chrome keeps menus across service-worker restarts). */
export async function createMenus(): Promise<void> {
  const menus = browser.contextMenus;
  await menus.removeAll();
  const title = revealTitle((await settings.get()).defaultSelection);
  menus.create({
    id: MENU.revealLink,
    title,
    contexts: ['link'],
    targetUrlPatterns: PROFILE_PATTERNS,
  });
  menus.create({
    id: MENU.revealPage,
    title,
    contexts: ['page'],
    documentUrlPatterns: PROFILE_PATTERNS,
  });
  menus.create({
    id: MENU.searchJd,
    // Menu clicks spend, so the price is in the title, shown before the click.
    title: `Find candidates for this job description (${formatCredits(JD_SEARCH_PRICE)})`,
    contexts: ['selection'],
  });
  menus.create({
    id: MENU.searchFreeText,
    title: `Search candidates: "%s" (${formatCredits(SEARCH_PRICE)})`,
    contexts: ['selection'],
  });
  // No price in these titles: the click only opens the find in the side panel, which says the price before its
  // own button sends anything.
  menus.create({
    id: MENU.findEmailLink,
    title: 'Find this person',
    contexts: ['link'],
    targetUrlPatterns: ['mailto:*'],
  });
  menus.create({ id: MENU.findSelection, title: 'Find "%s"', contexts: ['selection'] });
}

interface MenuClick {
  menuItemId: string | number;
  linkUrl?: string | undefined;
  pageUrl?: string | undefined;
  selectionText?: string | undefined;
}

/**
 * What a find menu prepares for the side panel, from what was right-clicked: a `mailto:` link's address; a selected
 * text with an `@` as an email address; any other selection as a name, with the page's domain offered as the
 * company's. Kept as the user pointed at it (within the size a find accepts), so the panel can say what is wrong.
 */
export function findFromClick(info: MenuClick, at: string): FindIntent {
  if (info.menuItemId === MENU.findEmailLink) {
    return { at, query: { kind: 'email', email: emailFieldFromMailto(info.linkUrl ?? '') } };
  }
  const text = (info.selectionText ?? '').trim().replace(/\s+/g, ' ').slice(0, MESSAGE_LIMITS.findText);
  if (text.includes('@')) {
    const email = emailFromText(text);
    return { at, query: { kind: 'email', email: email.ok ? email.value : text } };
  }
  const offered = offeredDomain(info.pageUrl);
  return { at, query: { kind: 'name', name: text, companyDomain: offered ?? '' }, offeredDomain: offered };
}

/** Refusals before any request (the input, a cap, no key, a search already running): nothing was sent or stored. */
const REFUSALS: ReadonlySet<ApiError['kind']> = new Set([
  'invalid-request',
  'not-now',
  'over-cap',
  'not-set-up',
]);
const isRefusal = (error: unknown) => error instanceof ApiError && REFUSALS.has(error.kind);

/**
 * A selected text to search. Too long (or empty): the panel says why and, for free text, offers to trim; nothing
 * is sent. Otherwise the search runs and the panel shows it; a refusal is shown the same way as a problem.
 */
async function searchFromSelection(mode: 'free_text' | 'jd', selected: string): Promise<void> {
  const at = new Date().toISOString();
  // Checked on the text as it would be sent (whitespace collapsed), so the limit is the service's.
  const text = selected.trim().replace(/\s+/g, ' ');
  const problem = selectionProblem(mode, text);
  if (problem) {
    await panelFocus.set({ kind: 'selection', mode, text, problem, at });
    return;
  }
  await panelFocus.set({ kind: 'search', at });
  try {
    await searchSelection({ mode, text });
  } catch (error) {
    // A service error is stored with the search; a refusal stored nothing, so the panel is told here.
    if (isRefusal(error)) {
      await panelFocus.set({ kind: 'selection', mode, text, problem: (error as ApiError).message, at });
    }
  }
}

/** Reveals a profile with the default options and points the side panel at it. */
async function revealFromMenu(socialUrl: string): Promise<void> {
  const vaultKey = vaultKeyFor({ socialUrl });
  const at = new Date().toISOString();
  await panelFocus.set({ kind: 'contact', vaultKey, at });
  const { defaultSelection } = await settings.get();
  if (defaultSelection.length === 0) {
    const problem =
      'No default reveal options are set, so there is nothing to reveal. Choose them in Options.';
    await panelFocus.set({ kind: 'contact', vaultKey, at, problem });
    return;
  }
  try {
    await reveal({ target: { socialUrl }, selection: defaultSelection });
  } catch (error) {
    // Failures from the service are on the job, which the panel shows; a refusal before any job is told here.
    if (isRefusal(error))
      await panelFocus.set({ kind: 'contact', vaultKey, at, problem: (error as ApiError).message });
  }
  await refreshBadges();
}

const warn = (what: string) => (error: unknown) => console.warn(`Could not ${what}`, error);

/** Handles a click on one of our menus. The panel is opened first, synchronously, inside the user's gesture. */
export function onMenuClicked(info: MenuClick, tab: { id?: number; windowId?: number } | undefined): void {
  const isSearch = info.menuItemId === MENU.searchJd || info.menuItemId === MENU.searchFreeText;
  const isReveal = info.menuItemId === MENU.revealLink || info.menuItemId === MENU.revealPage;
  const isFind = info.menuItemId === MENU.findEmailLink || info.menuItemId === MENU.findSelection;
  if (!isSearch && !isReveal && !isFind) return;
  const opening = openSidePanel({ tabId: tab?.id, windowId: tab?.windowId }).catch(warn('open the panel'));
  if (isFind) {
    const intent = findFromClick(info, new Date().toISOString());
    opening.then(() => findIntent.set(intent)).catch(warn('prepare the find'));
    return;
  }
  if (isSearch) {
    const mode = info.menuItemId === MENU.searchJd ? 'jd' : 'free_text';
    opening
      .then(() => searchFromSelection(mode, info.selectionText ?? ''))
      .catch(warn('search the selection'));
    return;
  }
  const raw = info.menuItemId === MENU.revealLink ? info.linkUrl : info.pageUrl;
  const socialUrl = raw ? profileUrl(raw) : null;
  if (!socialUrl) return;
  opening.then(() => revealFromMenu(socialUrl)).catch(warn('reveal the contact'));
}
