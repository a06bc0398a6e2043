/**
 * One person is one contact in the vault, whichever way they were revealed: a search row without a profile URL (by
 * candidate id), then their profile (by URL, the only thing a LinkedIn tab or the popup's URL box knows), must not
 * pay twice nor list them twice.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { reveal } from '../../../src/background/reveal';
import { vault } from '../../../src/store/database/vault/vault';
import { freshConnection, GRACE, stubService } from './service-stub';

describe('one person is one contact, whichever way they were revealed', () => {
  beforeEach(freshConnection);

  it('by candidate id from a search row, then by the URL of the profile: one contact, one charge', async () => {
    // The service names her URL in its own spelling; the profile tab reports another spelling of it.
    const service = stubService([
      { ...GRACE, socialUrl: 'https://linkedin.com/in/Grace-Hopper/', namesUrl: true },
    ]);
    const fromRow = await reveal({ target: { candidateId: GRACE.id }, selection: ['email'] });
    expect(fromRow.record).toMatchObject({
      key: GRACE.socialUrl,
      socialUrl: GRACE.socialUrl,
      candidateId: GRACE.id,
    });
    expect(fromRow.job?.vaultKey).toBe(GRACE.socialUrl);

    const fromProfile = await reveal({
      target: { socialUrl: 'https://www.linkedin.com/in/grace-hopper?trk=public_profile' },
      selection: ['email'],
    });
    expect(service.requests).toHaveLength(1);
    expect(fromProfile.job).toMatchObject({ requested: [], held: ['email'], charged: 0 });
    expect(await vault.findMany([{ socialUrl: GRACE.socialUrl }, { candidateId: GRACE.id }])).toHaveLength(1);
    expect(await vault.get(`id:${GRACE.id}`)).toBeNull();
  });

  it('a contact held under its id before keeps that key, and learns its URL', async () => {
    stubService([{ ...GRACE, namesUrl: false }]);
    await reveal({ target: { candidateId: GRACE.id }, selection: ['email'] });
    const service = stubService([{ ...GRACE, namesUrl: true }]);
    const again = await reveal({ target: { candidateId: GRACE.id }, selection: ['phone'] });
    expect(service.requests).toHaveLength(1);
    expect(again.record).toMatchObject({ key: `id:${GRACE.id}`, socialUrl: GRACE.socialUrl });
  });
});
