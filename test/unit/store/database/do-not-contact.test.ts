/** The do-not-contact list kept in this browser: salted hashes only, one entry a person, listed, found, taken off. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, db } from '../../../../src/store/database/db';
import {
  dncHashes,
  listLocally,
  localEntries,
  localEntryOf,
  unlistLocally,
} from '../../../../src/store/database/do-not-contact';

afterEach(closeDb);

const ADA = { kind: 'url' as const, value: 'https://www.linkedin.com/in/ada-lovelace-demo' };
const ADA_EMAIL = { kind: 'email' as const, value: 'ada.lovelace@example.com' };

describe('the do-not-contact list kept here', () => {
  it('keeps no profile address or email, only hashes salted for this install', async () => {
    await listLocally([ADA, ADA_EMAIL], 'erasure');
    const stored = JSON.stringify(await (await db()).getAll('doNotContact'));
    expect(stored).not.toMatch(/ada|linkedin|@|example/i);
    const [hash] = await dncHashes([ADA]);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const bare = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(ADA.value)));
    expect(hash).not.toBe(bare.toString('hex'));
    // The salt is made once: the same identifier hashes alike on the next call.
    expect(await dncHashes([ADA])).toEqual([hash]);
  });

  it('finds a person by any identifier listed, and lists a person once', async () => {
    const first = await listLocally([ADA], 'objected', new Date('2026-12-01T10:00:00Z'));
    expect(first.added).toBe(true);
    const again = await listLocally([ADA_EMAIL, ADA], 'other');
    expect(again.added).toBe(false);
    expect(again.entry).toMatchObject({
      reason: 'objected',
      addedAt: '2026-12-01T10:00:00.000Z',
      kinds: { url: 1, id: 0, email: 1 },
    });
    expect(await localEntryOf([ADA_EMAIL])).toMatchObject({ entry: first.entry.entry });
    expect(await localEntryOf([{ kind: 'email', value: 'someone@example.com' }])).toBeNull();
    expect(await localEntries()).toHaveLength(1);
  });

  it('takes a person off with every identifier', async () => {
    const { entry } = await listLocally([ADA, ADA_EMAIL], 'client_employee');
    expect(await unlistLocally(entry.entry)).toBe(true);
    expect(await unlistLocally(entry.entry)).toBe(false);
    expect(await localEntryOf([ADA_EMAIL])).toBeNull();
    expect(await localEntries()).toEqual([]);
  });
});
