import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { tabProfiles } from '../../../../src/store/items/tabs';
import { createSubjectModel, pastedUrlProblem } from '../../../../src/ui/popup/subject-model';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

const ADA = 'https://www.linkedin.com/in/ada';
const GRACE = 'https://www.linkedin.com/in/grace';

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
    call.mockResolvedValue({ ok: true, value: { list: false, kind: 'profile', people: [] } });
    await tabProfiles.set(4, { socialUrl: ADA, seenAt: '2026-11-20T10:00:00.000Z' });
    const subject = createSubjectModel();
    subject.manualUrl.value = GRACE;
    expect(subject.socialUrl.value).toBe(GRACE);
    await subject.follow(4);
    expect(subject.tabId.value).toBe(4);
    expect(subject.socialUrl.value).toBe(ADA);
    await vi.waitFor(() => expect(subject.pageRead.value).toBe(true));
    expect(call).toHaveBeenCalledWith('pagePeople', { tabId: 4 });
    // The tab is followed: its next page is the popup's profile.
    await tabProfiles.set(4, null);
    await vi.waitFor(() => expect(subject.socialUrl.value).toBe(GRACE));
  });

  it("a lead page's one person is the profile, named by the page", async () => {
    call.mockResolvedValue({
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
    call.mockResolvedValue({ ok: false, error: { kind: 'network', message: 'gone' } });
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
