/**
 * The vault's record of a contact: what a paid item keeps (a detailed profile's contents included), and the rules
 * every context applies to it (which items must still be asked for, which key a contact is kept under).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { vault } from '../../../../../src/store/database/vault/vault';
import { ContactRecord, itemsToAsk, vaultKeyFor } from '../../../../../src/store/database/vault/vault-record';
import { vaultWrite } from '../../../../../src/store/database/vault/vault-write';

const AT = '2026-01-01T00:00:00.000Z';
const URL = 'https://www.linkedin.com/in/detailed-ada';

const DETAILED = {
  skills: ['TypeScript', { name: 'Nursing', years: 4 }],
  experience: [{ title: 'Charge Nurse', company: 'Arbor Health', start: '2021-03' }],
  education: [{ school: 'State University', degree: 'BSN' }],
  job_history: [{ company: 'Arbor Health' }, { company: 'Mercy' }],
};

const record = (over: Partial<ContactRecord> = {}): ContactRecord => ({
  v: 1,
  key: URL,
  socialUrl: URL,
  candidateId: 'c-1',
  name: 'Ada',
  currentTitle: null,
  currentEmployer: null,
  updatedAt: AT,
  ...over,
});

describe('a paid detailed profile is kept whole', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads back with its skills, experience, education and job history', () => {
    const parsed = ContactRecord.parse(
      record({ detailed_profile: { found: true, value: DETAILED, at: AT } }),
    );
    expect(parsed.detailed_profile).toEqual({ found: true, value: DETAILED, at: AT });
  });

  it('is stored in the vault and read back with its contents', async () => {
    await vaultWrite.put(record({ detailed_profile: { found: true, value: DETAILED, at: AT } }));
    const stored = await vault.get(URL);
    expect(stored?.detailed_profile).toEqual({ found: true, value: DETAILED, at: AT });
  });

  it('a detailed profile missing one of its parts does not read as one', () => {
    const { education: _, ...partial } = DETAILED;
    expect(
      ContactRecord.safeParse(record({ detailed_profile: { found: true, value: partial as never, at: AT } }))
        .success,
    ).toBe(false);
  });
});

describe('which items must still be asked for', () => {
  const held = record({
    email: { found: true, value: 'ada@example.org', at: AT },
    phone: { found: false, at: AT },
  });

  it('everything selected, for a contact the vault does not hold', () => {
    expect(itemsToAsk(null, ['email', 'phone'])).toEqual(['email', 'phone']);
    expect(itemsToAsk(undefined, ['detailed_profile'])).toEqual(['detailed_profile']);
  });

  it('never an item already held, never one known missing unless asked again', () => {
    expect(itemsToAsk(held, ['email', 'phone', 'healthcare_profile'])).toEqual(['healthcare_profile']);
    expect(itemsToAsk(held, ['email', 'phone', 'healthcare_profile'], true)).toEqual([
      'phone',
      'healthcare_profile',
    ]);
  });

  it('an item flagged wrong since it was bought, once: not after it is bought again, taken back, or another value', () => {
    const later = new Date(Date.parse(AT) + 60_000).toISOString();
    const flagged = (flags: ContactRecord['flags']) => ({ ...held, flags });
    expect(itemsToAsk(flagged({ email: { at: later, value: 'ada@example.org' } }), ['email'])).toEqual([
      'email',
    ]);
    expect(itemsToAsk(flagged({ person: { at: later } }), ['email', 'phone'])).toEqual(['email']);
    // Flagged before this value was bought (bought again after the flag): held.
    expect(itemsToAsk(flagged({ email: { at: AT, value: 'ada@example.org' } }), ['email'])).toEqual([]);
    expect(
      itemsToAsk(flagged({ email: { at: later, value: 'ada@example.org', unflagged: { at: later } } }), [
        'email',
      ]),
    ).toEqual([]);
    expect(itemsToAsk(flagged({ email: { at: later, value: 'old@example.org' } }), ['email'])).toEqual([]);
  });
});

describe('the key a contact is kept under', () => {
  it('its profile URL when it has one, whether or not it has an id', () => {
    expect(vaultKeyFor({ socialUrl: URL, candidateId: 'c-1' })).toBe(URL);
    expect(vaultKeyFor({ socialUrl: URL })).toBe(URL);
  });

  it('its candidate id otherwise', () => {
    expect(vaultKeyFor({ socialUrl: null, candidateId: 'c-1' })).toBe('id:c-1');
    expect(vaultKeyFor({ socialUrl: '', candidateId: 'c-1' })).toBe('id:c-1');
    expect(vaultKeyFor({ candidateId: '42' })).toBe('id:42');
  });
});
