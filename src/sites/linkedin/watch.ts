/**
 * The content script's detection loop, free of browser APIs so it can be tested with fake timers: it turns the page's
 * URL, and every in-page navigation after it, into `profileSeen` reports, sent only when something changed.
 */
import type { ProfileDetection } from '../../protocol/messages';
import type { PageHints } from './page-hints';
import { profileUrl } from './url';

/**
 * Gaps (ms) between the reads of the hints after a profile opens, about 0.3 s, 1 s, 2.5 s and 5 s after it: LinkedIn
 * is a single-page app and renders the top card some time after the URL changes. Bounded, so a page without the
 * usual markup costs at most four reads, and nothing watches the DOM once they are done.
 */
export const HINT_READ_GAPS_MS = [300, 700, 1500, 2500] as const;

/** What the loop needs from the page and the extension, injected so tests can fake them. */
export interface ProfileWatchDeps {
  /** Reads the hints the page shows now. */
  readHints(): PageHints;
  /** Sends a report to the background. */
  report(detection: ProfileDetection): void;
  /** Runs `fn` once after `ms`; returns a function that cancels it. */
  later(fn: () => void, ms: number): () => void;
}

/** The loop, driven by the content script. */
export interface ProfileWatch {
  /** The page the script started on: reports it at once (a profile or `null`), with the hints already shown. */
  start(url: string): void;
  /**
   * An in-page navigation to `url`. `pageIsOld`: the page still shows the previous URL's content (the Navigation API
   * announces a navigation before it happens), so what it shows now is known not to belong to `url`.
   */
  navigate(url: string, pageIsOld: boolean): void;
}

/**
 * Creates the loop. Reports when the profile changes (A, B, feed, A gives A, B, null, A; another section of the same
 * profile gives nothing), then once more each time a hint appears. Hints never come from the page that was shown
 * before a navigation: a read equal to what that page showed is taken as not rendered yet.
 */
export function createProfileWatch({ readHints, report, later }: ProfileWatchDeps): ProfileWatch {
  /** `undefined` until the first report, so the first page is always reported, a profile or not. */
  let current: string | null | undefined;
  let hints: PageHints = {};
  /** What the previous page showed; reads equal to it are stale. */
  let stale: PageHints = {};
  let cancelRead = (): void => {};

  function send(): void {
    report({ socialUrl: current ?? null, ...hints });
  }

  /** The page's hints now, or none while they are still the previous page's. */
  function freshHints(): PageHints {
    const read = readHints();
    const isStale =
      read.nameHint !== undefined
        ? read.nameHint === stale.nameHint
        : read.headlineHint !== undefined && read.headlineHint === stale.headlineHint;
    return isStale ? {} : read;
  }

  /** Reads the hints after each gap until both are known; a hint, once known, stays (first read wins). */
  function readLater(gaps: readonly number[]): void {
    const [gap, ...rest] = gaps;
    if (gap === undefined || (hints.nameHint !== undefined && hints.headlineHint !== undefined)) return;
    cancelRead = later(() => {
      const read = freshHints();
      const merged = withHints(hints.nameHint ?? read.nameHint, hints.headlineHint ?? read.headlineHint);
      const changed = merged.nameHint !== hints.nameHint || merged.headlineHint !== hints.headlineHint;
      hints = merged;
      if (changed) send();
      readLater(rest);
    }, gap);
  }

  function visit(url: string, staleHints: () => PageHints, readNow: boolean): void {
    const socialUrl = profileUrl(url);
    if (socialUrl === current) return;
    cancelRead();
    stale = staleHints();
    current = socialUrl;
    hints = socialUrl !== null && readNow ? freshHints() : {};
    send();
    if (socialUrl !== null) readLater(HINT_READ_GAPS_MS);
  }

  return {
    start: (url) => visit(url, () => ({}), true),
    navigate: (url, pageIsOld) => visit(url, () => (pageIsOld ? readHints() : hints), false),
  };
}

/** Hints without `undefined` members, so reports carry only what is known. */
function withHints(nameHint: string | undefined, headlineHint: string | undefined): PageHints {
  const hints: PageHints = {};
  if (nameHint !== undefined) hints.nameHint = nameHint;
  if (headlineHint !== undefined) hints.headlineHint = headlineHint;
  return hints;
}
