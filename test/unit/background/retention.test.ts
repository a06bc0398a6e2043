import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { purgeExpired } from '../../../src/background/retention';
import { type ContactRecord, settings, vault } from '../../../src/storage';

const contact = (slug: string, updatedAt: string): ContactRecord => ({
  v: 1,
  key: `https://www.linkedin.com/in/${slug}`,
  socialUrl: `https://www.linkedin.com/in/${slug}`,
  candidateId: null,
  name: slug,
  currentTitle: null,
  currentEmployer: null,
  email: { found: true, value: `${slug}@example.org`, at: updatedAt },
  updatedAt,
});

describe('retention of revealed contacts', () => {
  beforeEach(() => fakeBrowser.reset());

  it('removes the contacts older than the retention period, and only those', async () => {
    await settings.set({ ...(await settings.get()), retentionDays: 30 });
    await vault.put(contact('old', '2026-01-01T00:00:00.000Z'));
    await vault.put(contact('recent', '2026-03-01T00:00:00.000Z'));
    const now = new Date('2026-03-15T00:00:00.000Z').getTime();
    expect(await purgeExpired(now)).toBe(1);
    expect((await vault.all()).map((r) => r.name)).toEqual(['recent']);
  });

  it('a shorter period applies at the next purge', async () => {
    await vault.put(contact('recent', '2026-03-01T00:00:00.000Z'));
    const now = new Date('2026-03-15T00:00:00.000Z').getTime();
    expect(await purgeExpired(now)).toBe(0);
    await settings.set({ ...(await settings.get()), retentionDays: 7 });
    expect(await purgeExpired(now)).toBe(1);
  });
});
