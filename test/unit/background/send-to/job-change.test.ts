import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { noticeJobChanges } from '../../../../src/background/send-to/job-change';
import { onProfileSeen } from '../../../../src/background/tabs';
import { vault } from '../../../../src/store/database/vault/vault';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import { contactRecord } from '../../../support/vault-records';

const ada = { ...contactRecord('ada', '1'), currentTitle: 'Senior Engineer', currentEmployer: 'Acme' };

beforeEach(async () => {
  fakeBrowser.reset();
  // The toolbar button a profile report updates (the fake browser has none).
  const action = {
    setBadgeText: vi.fn(),
    setBadgeBackgroundColor: vi.fn(),
    setTitle: vi.fn(),
    setIcon: vi.fn(),
  };
  Object.defineProperty(browser, 'action', { value: action, configurable: true });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await vaultWrite.put(ada);
});

describe('job changes noticed from the page', () => {
  it('a held person’s headline naming another employer is kept on their record, with no change to when it was revealed', async () => {
    await noticeJobChanges(
      [
        { socialUrl: ada.socialUrl, headline: 'Staff Engineer at Nimbus' },
        { socialUrl: 'https://www.linkedin.com/in/not-held', headline: 'CTO at Elsewhere' },
      ],
      () => '2026-12-06T10:00:00.000Z',
    );
    const stored = await vault.get(ada.key);
    expect(stored?.observed).toEqual({
      title: 'Staff Engineer',
      employer: 'Nimbus',
      at: '2026-12-06T10:00:00.000Z',
    });
    expect(stored?.updatedAt).toBe(ada.updatedAt);
    expect(await vault.get('https://www.linkedin.com/in/not-held')).toBeNull();
  });

  it('a profile the tab reports is compared as it is reported', async () => {
    await onProfileSeen(4, { socialUrl: ada.socialUrl, headlineHint: 'Staff Engineer at Nimbus' });
    expect((await vault.get(ada.key))?.observed).toMatchObject({ employer: 'Nimbus' });
    await onProfileSeen(4, { socialUrl: ada.socialUrl, headlineHint: 'Senior Engineer at Acme' });
    expect((await vault.get(ada.key))?.observed).toBeUndefined();
  });
});
