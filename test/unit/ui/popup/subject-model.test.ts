import { signal } from '@preact/signals';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { tabProfiles } from '../../../../src/store/items/tabs';
import { createSubjectModel, pastedUrlProblem } from '../../../../src/ui/popup/subject-model';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

const ADA = 'https://www.linkedin.com/in/ada';
const GRACE = 'https://www.linkedin.com/in/grace';
const PROFILE_PAGE = { ok: true, value: { list: false, kind: 'profile', people: [] } };

/** The worker's answers: the tab's person (`tabPerson`, none unless given) and the page's people. */
function answer(person: unknown, page: unknown = PROFILE_PAGE) {
  call.mockImplementation(async (type: string) =>
    type === 'tabPerson' ? (person ?? { ok: true, value: { profile: null, held: null, jobs: [] } }) : page,
  );
}
const pageCalls = () => call.mock.calls.filter(([type]) => type === 'pagePeople');

describe('a pasted profile URL', () => {
  it('a profile URL, or nothing pasted, is fine', () => {
    expect(pastedUrlProblem('https://www.linkedin.com/in/jane-doe')).toBeNull();
    expect(pastedUrlProblem('   ')).toBeNull();
  });

  it('anything else is refused with what to paste instead', () => {
    expect(pastedUrlProblem('hello')).toBe(
      'Not a LinkedIn profile URL. Paste a link like https://www.linkedin.com/in/jane-doe.',
    );
    expect(pastedUrlProblem(`https://www.linkedin.com/in/${'a'.repeat(5000)}`)).toMatch(
      /^The pasted text is 5,028 characters; a profile URL can be at most/,
    );
  });
});

describe("the popup's profile", () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
  });

  it("the tab's profile wins over a pasted URL; a pasted one is the profile when the tab shows none", async () => {
    const profile = { socialUrl: ADA, seenAt: '2026-11-20T10:00:00.000Z' };
    answer({ ok: true, value: { profile, held: { state: 'missing' }, jobs: [] } });
    await tabProfiles.set(4, profile);
    const heard = vi.fn();
    const subject = createSubjectModel();
    subject.manualUrl.value = GRACE;
    expect(subject.socialUrl.value).toBe(GRACE);
    await subject.follow(4, heard);
    expect(subject.tabId.value).toBe(4);
    expect(subject.socialUrl.value).toBe(ADA);
    // The worker's answer, with what is held of the person, is handed on: the first screen needs no other read.
    expect(call).toHaveBeenCalledWith('tabPerson', { tabId: 4 });
    expect(heard).toHaveBeenCalledWith({ profile, held: { state: 'missing' }, jobs: [] });
    await vi.waitFor(() => expect(subject.pageRead.value).toBe(true));
    expect(call).toHaveBeenCalledWith('pagePeople', { tabId: 4 });
    // The tab is followed: its next page is the popup's profile.
    await tabProfiles.set(4, null);
    await vi.waitFor(() => expect(subject.socialUrl.value).toBe(GRACE));
  });

  it("a worker that does not answer: the tab's person is read here", async () => {
    answer({ ok: false, error: { kind: 'unexpected', message: 'The extension did not answer' } });
    await tabProfiles.set(4, { socialUrl: ADA, seenAt: '2026-11-20T10:00:00.000Z' });
    const subject = createSubjectModel();
    await subject.follow(4);
    expect(subject.socialUrl.value).toBe(ADA);
  });

  it("on a profile the tab reported, the page's people are asked once the first screen is drawn", async () => {
    answer({
      ok: true,
      value: { profile: { socialUrl: ADA, seenAt: '2026-11-20T10:00:00.000Z' }, held: null, jobs: [] },
    });
    const later = signal(false);
    const subject = createSubjectModel(later);
    await subject.follow(4);
    await vi.waitFor(() => expect(subject.pageRead.value).toBe(true));
    await new Promise((settle) => setTimeout(settle, 20));
    expect(pageCalls()).toEqual([]);
    later.value = true;
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith('pagePeople', { tabId: 4 }));
    expect(pageCalls()).toHaveLength(1);
    // A tab that reported no profile: its page is what the popup shows first, read at once.
    answer(undefined);
    const list = createSubjectModel(signal(false));
    await list.follow(5);
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith('pagePeople', { tabId: 5 }));
  });

  it("a lead page's one person is the profile, named by the page", async () => {
    answer(undefined, {
      ok: true,
      value: { list: false, kind: 'sales-lead', people: [{ socialUrl: GRACE, name: 'Grace Hopper' }] },
    });
    const subject = createSubjectModel();
    await subject.follow(9);
    await vi.waitFor(() => expect(subject.pageRead.value).toBe(true));
    expect(subject.socialUrl.value).toBe(GRACE);
    expect(subject.nameHint()).toBe('Grace Hopper');
  });

  it('a page that cannot be read says why; no tab at all is read at once', async () => {
    answer(undefined, { ok: false, error: { kind: 'network', message: 'gone' } });
    const subject = createSubjectModel();
    await subject.follow(3);
    await vi.waitFor(() => expect(subject.pageRead.value).toBe(true));
    expect(subject.pageError.value).toMatchObject({ message: 'gone' });
    const none = createSubjectModel();
    await none.follow(null);
    expect(none.pageRead.value).toBe(true);
    expect(none.tabId.value).toBeNull();
  });
});
