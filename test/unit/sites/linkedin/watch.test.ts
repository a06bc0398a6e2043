import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageHints } from '@/src/sites/linkedin/page-hints';
import { createProfileWatch, type ProfileWatch } from '@/src/sites/linkedin/watch';
import type { ProfileDetection } from '../../../../src/protocol/messages';

const A = 'https://www.linkedin.com/in/alice';
const B = 'https://www.linkedin.com/in/bob';
const FEED = 'https://www.linkedin.com/feed/';
const ALICE = { nameHint: 'Alice Liddell', headlineHint: 'Recruiter at Wonderland' };
const BOB = { nameHint: 'Bob Builder', headlineHint: 'Engineer at Acme' };

let shown: PageHints;
let reports: ProfileDetection[];
let reads: number;
let watch: ProfileWatch;

beforeEach(() => {
  vi.useFakeTimers();
  shown = {};
  reports = [];
  reads = 0;
  watch = createProfileWatch({
    readHints: () => {
      reads++;
      return shown;
    },
    report: (detection) => reports.push(detection),
    later: (fn, ms) => {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const urls = () => reports.map((r) => r.socialUrl);

describe('profile changes', () => {
  it('reports A, B, null, A for A -> B -> feed -> A', () => {
    watch.start(A);
    watch.navigate(B, true);
    watch.navigate(FEED, true);
    watch.navigate(A, true);
    expect(urls()).toEqual([A, B, null, A]);
  });

  it('does not report another section, query or hash of the same profile', () => {
    watch.start(A);
    watch.navigate(`${A}/details/experience/`, true);
    watch.navigate(`${A}/overlay/contact-info/`, true);
    watch.navigate('https://uk.linkedin.com/in/ALICE/?trk=x#top', true);
    expect(urls()).toEqual([A]);
  });

  it('reports the first page even when it is not a profile, then only changes', () => {
    watch.start(FEED);
    watch.navigate('https://www.linkedin.com/jobs/', true);
    watch.navigate('https://www.linkedin.com/company/acme/', true);
    expect(urls()).toEqual([null]);
  });

  it('reports the canonical social_url', () => {
    watch.start('https://de.linkedin.com/in/J%C3%B6rg-M%C3%BCller/details/skills/');
    expect(urls()).toEqual(['https://www.linkedin.com/in/j%C3%B6rg-m%C3%BCller']);
  });
});

describe('hints', () => {
  it('sends the hints the first page already shows, and reads no more', () => {
    shown = ALICE;
    watch.start(A);
    expect(reports).toEqual([{ socialUrl: A, ...ALICE }]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends an update each time a hint appears, then stops reading', () => {
    watch.start(A);
    vi.advanceTimersByTime(300);
    shown = { nameHint: ALICE.nameHint };
    vi.advanceTimersByTime(700);
    shown = ALICE;
    vi.advanceTimersByTime(1500);
    expect(reports).toEqual([
      { socialUrl: A },
      { socialUrl: A, nameHint: ALICE.nameHint },
      { socialUrl: A, ...ALICE },
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads at most five times when the hints never render, and sends nothing more', () => {
    watch.start(A);
    vi.advanceTimersByTime(60_000);
    expect(reads).toBe(5);
    expect(reports).toEqual([{ socialUrl: A }]);
  });

  it('sends no hints with a navigation, and ignores the previous page still on screen', () => {
    shown = ALICE;
    watch.start(A);
    watch.navigate(B, true); // Navigation API: the page still shows Alice.
    vi.advanceTimersByTime(300); // Still Alice: LinkedIn has not rendered Bob yet.
    shown = BOB;
    vi.advanceTimersByTime(700);
    expect(reports).toEqual([{ socialUrl: A, ...ALICE }, { socialUrl: B }, { socialUrl: B, ...BOB }]);
  });

  it("ignores the previous profile's hints when the page had already changed (URL polling)", () => {
    shown = ALICE;
    watch.start(A);
    watch.navigate(B, false);
    vi.advanceTimersByTime(300);
    shown = BOB;
    vi.advanceTimersByTime(700);
    expect(reports).toEqual([{ socialUrl: A, ...ALICE }, { socialUrl: B }, { socialUrl: B, ...BOB }]);
  });

  it('ignores a heading of the non-profile page it came from', () => {
    shown = { nameHint: 'Feed' };
    watch.start(FEED);
    watch.navigate(A, true);
    vi.advanceTimersByTime(300);
    shown = ALICE;
    vi.advanceTimersByTime(700);
    expect(reports).toEqual([{ socialUrl: null }, { socialUrl: A }, { socialUrl: A, ...ALICE }]);
  });

  it('takes the same hints again when returning to a profile through another page', () => {
    shown = ALICE;
    watch.start(A);
    shown = {};
    watch.navigate(FEED, true);
    watch.navigate(A, true);
    shown = ALICE;
    vi.advanceTimersByTime(300);
    expect(reports.at(-1)).toEqual({ socialUrl: A, ...ALICE });
  });

  it('keeps the first hints read: an overlay or section of the same profile does not change them', () => {
    shown = { nameHint: ALICE.nameHint };
    watch.start(A);
    watch.navigate(`${A}/details/experience/`, true);
    shown = { nameHint: 'Experience', headlineHint: ALICE.headlineHint };
    vi.advanceTimersByTime(300);
    expect(reports).toEqual([
      { socialUrl: A, nameHint: ALICE.nameHint },
      { socialUrl: A, ...ALICE },
    ]);
  });

  it('stops reading when the tab leaves the profile', () => {
    watch.start(A);
    watch.navigate(FEED, true);
    shown = ALICE;
    vi.advanceTimersByTime(60_000);
    expect(reports).toEqual([{ socialUrl: A }, { socialUrl: null }]);
  });
});
