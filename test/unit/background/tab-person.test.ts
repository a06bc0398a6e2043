/** The popup's first screen in one round: the tab's person, the vault's record of them, their reveal jobs. */
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { answer } from '../../../src/background/router';
import { tabPerson } from '../../../src/background/tab-person';
import { TabInput } from '../../../src/protocol/schemas';
import { vaultWrite } from '../../../src/store/database/vault/vault-write';
import { revealJobs } from '../../../src/store/items/reveal-jobs';
import { tabProfiles } from '../../../src/store/items/tabs';
import { writeRawContact } from '../../support/vault-records';
import { revealJob } from '../ui/popup/fixtures';
import { ADA, record } from '../ui/sidepanel/fixtures';

const GRACE = 'https://www.linkedin.com/in/grace';
const SEEN = { socialUrl: ADA, nameHint: 'Ada Lovelace', seenAt: '2026-11-20T10:00:00.000Z' };

beforeEach(() => fakeBrowser.reset());

describe("the tab's person in one round", () => {
  it('the person the tab reported, their record and their reveal jobs, newest first (not another person’s)', async () => {
    await tabProfiles.set(4, SEEN);
    await vaultWrite.put(record(ADA, { email: 'ada@example.org' }));
    await revealJobs.put(revealJob({ id: 'ada-first' }, ADA));
    await revealJobs.put(revealJob({ id: 'grace' }, GRACE));
    await revealJobs.put(revealJob({ id: 'ada' }, ADA));
    expect(await tabPerson(4)).toEqual({
      profile: SEEN,
      held: { state: 'ok', value: record(ADA, { email: 'ada@example.org' }) },
      jobs: [expect.objectContaining({ id: 'ada' }), expect.objectContaining({ id: 'ada-first' })],
    });
  });

  it('a person never revealed, a record that no longer reads, and a tab that reported no one', async () => {
    await tabProfiles.set(4, SEEN);
    expect(await tabPerson(4)).toEqual({ profile: SEEN, held: { state: 'missing' }, jobs: [] });
    await writeRawContact(ADA, { v: 99 });
    expect((await tabPerson(4)).held).toEqual({ state: 'unreadable' });
    expect(await tabPerson(5)).toEqual({ profile: null, held: null, jobs: [] });
  });

  it("is answered to the extension's pages only, never to a tab", async () => {
    await tabProfiles.set(4, SEEN);
    const popup = { id: browser.runtime.id, url: browser.runtime.getURL('/popup.html') };
    const tab = { id: browser.runtime.id, url: 'https://www.linkedin.com/in/x', tab: { id: 4 } };
    expect(
      await answer('tabPerson', TabInput, ({ tabId }) => tabPerson(tabId), { tabId: 4 }, popup),
    ).toMatchObject({
      ok: true,
      value: { profile: SEEN },
    });
    expect(
      await answer('tabPerson', TabInput, ({ tabId }) => tabPerson(tabId), { tabId: 4 }, tab),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("extension's own pages only") },
    });
  });
});
