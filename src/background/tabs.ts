/**
 * Which tab shows which LinkedIn profile, and the toolbar button that says so for that tab: the lens with a person
 * (and the badge "in") where a profile is detected, with a check mark (and "✓") once its contacts are in the vault,
 * the plain logo elsewhere. The icon tells it at a glance; the badge and title say it to those who cannot see it.
 */
import { browser } from 'wxt/browser';
import { isRevealed } from '../domain/revealed';
import type { ProfileDetection } from '../protocol/messages';
import { profileUrl } from '../sites/linkedin/url';
import { vault } from '../store/database/vault/vault';
import { tabProfiles } from '../store/items/tabs';
import { keyedLock } from '../store/lock';
import { noticeJobChanges } from './send-to/job-change';

/** The toolbar action: `action` on MV3, `browserAction` on Firefox's MV2. */
const action = () => browser.action ?? browser.browserAction;

/** The toolbar icon for each state, at the two sizes the toolbar draws (public/icon, made by scripts/icons.ts). */
const ICONS = {
  none: { 16: '/icon/16.png', 32: '/icon/32.png' },
  profile: { 16: '/icon/toolbar/profile-16.png', 32: '/icon/toolbar/profile-32.png' },
  revealed: { 16: '/icon/toolbar/revealed-16.png', 32: '/icon/toolbar/revealed-32.png' },
} as const;

/**
 * One tab's profile and toolbar button change in turn, in the order asked: an update reads the vault before it sets
 * the badge, so a profile's "in" could otherwise land after the clear of the page the user went on to (LinkedIn's
 * feed showing "in").
 */
const tabTurn = keyedLock();
const inTurn = <T>(tabId: number, task: () => Promise<T>) => tabTurn(String(tabId), task);

async function updateBadge(tabId: number, socialUrl: string | null): Promise<void> {
  const a = action();
  if (!socialUrl) {
    await a.setBadgeText({ tabId, text: '' });
    await a.setTitle({ tabId, title: 'Candidate Lens' });
    await a.setIcon({ tabId, path: ICONS.none });
    return;
  }
  const revealed = isRevealed(await vault.get(socialUrl));
  await a.setBadgeBackgroundColor({ tabId, color: revealed ? '#1a7f37' : '#0a66c2' });
  await a.setBadgeText({ tabId, text: revealed ? '✓' : 'in' });
  await a.setIcon({ tabId, path: revealed ? ICONS.revealed : ICONS.profile });
  await a.setTitle({
    tabId,
    title: revealed ? 'Candidate Lens: contacts revealed' : 'Candidate Lens: LinkedIn profile detected',
  });
}

/** A content script's report for its tab. The URL is re-canonicalised here: a tab's word is not trusted. */
export function onProfileSeen(tabId: number, detection: ProfileDetection): Promise<void> {
  const socialUrl = detection.socialUrl ? profileUrl(detection.socialUrl) : null;
  return inTurn(tabId, async () => {
    await tabProfiles.set(
      tabId,
      socialUrl
        ? {
            socialUrl,
            ...(detection.nameHint ? { nameHint: detection.nameHint } : {}),
            ...(detection.headlineHint ? { headlineHint: detection.headlineHint } : {}),
            seenAt: new Date().toISOString(),
          }
        : null,
    );
    await updateBadge(tabId, socialUrl);
    // The page's own headline against what was revealed: a job change is kept, for free.
    if (socialUrl && detection.headlineHint)
      await noticeJobChanges([{ socialUrl, headline: detection.headlineHint }]).catch((error) =>
        console.warn('Could not compare the page with the contact held', error),
      );
  });
}

/** A closed tab's profile is forgotten, after any update of it still waiting its turn (which would store it again). */
export function forgetTab(tabId: number): Promise<void> {
  return inTurn(tabId, () => tabProfiles.set(tabId, null));
}

/**
 * A tab that navigated away from LinkedIn (its URL is hidden from us, since we hold no host permission there) or
 * to a LinkedIn page that is not a profile no longer shows a profile. LinkedIn's own in-page navigation is
 * reported by the content script.
 */
export async function onTabUpdated(tabId: number, change: { url?: string; status?: string }): Promise<void> {
  if (change.url !== undefined ? profileUrl(change.url) === null : change.status === 'loading') {
    if (await tabProfiles.get(tabId)) await onProfileSeen(tabId, { socialUrl: null });
  }
}

/** Refreshes the badge of every tab showing a profile (after a reveal or a vault clear). Never rejects. */
export async function refreshBadges(): Promise<void> {
  const tabs = await browser.tabs.query({});
  // A tab may close between the query and its update; the others still get theirs.
  await Promise.allSettled(
    tabs.flatMap(({ id: tabId }) =>
      tabId === undefined
        ? []
        : inTurn(tabId, async () => {
            const profile = await tabProfiles.get(tabId);
            if (profile) await updateBadge(tabId, profile.socialUrl);
          }),
    ),
  );
}
