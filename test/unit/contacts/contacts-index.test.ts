import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keepContactsIndexed } from '../../../src/background/contacts-indexer';
import { contactsIndex, SHARDS } from '../../../src/contacts-index';
import { type ContactRecord, vault } from '../../../src/storage';

const at = '2026-11-01T10:00:00.000Z';
const contact = (slug: string, extra: Partial<ContactRecord> = {}): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/${slug}`,
  socialUrl: `https://www.linkedin.com/in/${slug}`,
  candidateId: null,
  name: slug,
  currentTitle: 'Nurse',
  currentEmployer: 'Arbor Health',
  email: { found: true, value: `${slug}@example.org`, at },
  phone: { found: false, at },
  updatedAt: at,
  ...extra,
});

describe('the library index', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps a short row per contact, spread over the shards', async () => {
    await contactsIndex.put(Array.from({ length: 200 }, (_, i) => contact(`c${i}`)));
    const all = await contactsIndex.all();
    expect(all).toHaveLength(200);
    expect(all.find((s) => s.name === 'c7')).toEqual({
      key: 'https://www.linkedin.com/in/c7',
      name: 'c7',
      title: 'Nurse',
      employer: 'Arbor Health',
      held: ['email'],
      missing: ['phone'],
      updated: Date.parse(at),
      unknown: false,
    });
    const stored = await browser.storage.local.get(null);
    const used = Object.keys(stored).filter((key) => key.startsWith('contacts-index:'));
    expect(used.length).toBeGreaterThan(SHARDS / 2);
    await contactsIndex.remove(['https://www.linkedin.com/in/c7']);
    expect(await contactsIndex.all()).toHaveLength(199);
  });

  it('follows the vault: a put, a removal and "clear" reach the index; an old vault is indexed once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await vault.put(contact('before-the-index'));
    const report = vi.fn();
    keepContactsIndexed(report);
    await vi.waitFor(async () => expect(await contactsIndex.built()).toBe(true));
    expect((await contactsIndex.all()).map((s) => s.name)).toEqual(['before-the-index']);

    await vault.put(contact('ada', { unknownAt: at, email: undefined, phone: undefined }));
    await vi.waitFor(async () => expect(await contactsIndex.all()).toHaveLength(2));
    expect((await contactsIndex.all()).find((s) => s.name === 'ada')).toMatchObject({
      held: [],
      unknown: true,
    });

    await vault.remove(['https://www.linkedin.com/in/before-the-index']);
    await vi.waitFor(async () => expect((await contactsIndex.all()).map((s) => s.name)).toEqual(['ada']));
    await vault.clear();
    await vi.waitFor(async () => expect(await contactsIndex.all()).toEqual([]));
    expect(report).not.toHaveBeenCalled();
  });
});
