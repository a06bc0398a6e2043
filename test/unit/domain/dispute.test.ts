import { describe, expect, it } from 'vitest';
import { disputeRows, disputeSubjects } from '../../../src/domain/dispute';
import type { ChargeEntry, LedgerEntry } from '../../../src/ledger/entry';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';

const at = '2026-12-01T09:00:00.000Z';
const flagAt = '2026-12-03T10:00:00.000Z';
const url = (slug: string) => `https://www.linkedin.com/in/${slug}`;
const record = (slug: string, flags?: ContactRecord['flags']): ContactRecord => ({
  v: 1,
  key: url(slug),
  socialUrl: url(slug),
  candidateId: null,
  name: slug,
  currentTitle: null,
  currentEmployer: null,
  email: { found: true, value: `${slug}@example.org`, at },
  phone: { found: true, value: '+1 555 0100', at },
  ...(flags ? { flags } : {}),
  updatedAt: at,
});
const charge = (id: string, subject: string, over: Partial<ChargeEntry> = {}): ChargeEntry => ({
  kind: 'charge',
  id,
  at,
  action: 'reveal',
  items: ['email', 'phone'],
  credits: 9,
  maxCredits: 9,
  state: 'charged',
  ref: `reveal-${id}`,
  subject,
  ...over,
});

const ada = record('ada', { email: { at: flagAt, by: 'Alice', note: 'bounced', value: 'ada@example.org' } });
const bob = record('bob', { person: { at: flagAt } });
const cy = record('cy', { email: { at: flagAt, value: 'cy@example.org', unflagged: { at: flagAt } } });
const contacts = new Map([ada, bob, cy].map((r) => [r.key, r]));

describe('the dispute report', () => {
  it('gives one row an item a charge paid for that is flagged wrong, at that item’s credits, with the entry id and the flag', () => {
    expect(disputeRows([charge('L1', ada.key)], contacts)).toEqual([
      {
        at,
        entryId: 'L1',
        name: 'ada',
        profileUrl: ada.socialUrl,
        item: 'email',
        credits: 3,
        target: 'email',
        flag: ada.flags!.email,
      },
    ]);
  });

  it('"Wrong person" disputes every item the charge paid for', () => {
    const rows = disputeRows([charge('L2', bob.key, { action: 'bulk-reveal' })], contacts);
    expect(rows.map((r) => [r.item, r.credits, r.target])).toEqual([
      ['email', 3, 'person'],
      ['phone', 6, 'person'],
    ]);
  });

  it('leaves out what was not charged, a flag taken back, a contact not flagged or deleted, searches and balances', () => {
    const entries: LedgerEntry[] = [
      charge('u', ada.key, { state: 'uncertain', credits: 0 }),
      charge('n', ada.key, { state: 'not-charged', credits: 0 }),
      charge('taken', cy.key),
      charge('gone', url('deleted')),
      charge('s', ada.key, { action: 'search', items: [], credits: 1 }),
      { kind: 'balance', id: 'b', at, remaining: 100 },
    ];
    expect(disputeRows(entries, contacts)).toEqual([]);
  });

  it('a balance that confirmed a lost call disputes its flagged item only at what the items could cost', () => {
    const rows = disputeRows(
      [charge('c', ada.key, { state: 'confirmed', items: ['email'], credits: 3 })],
      contacts,
    );
    expect(rows.map((r) => [r.entryId, r.credits])).toEqual([['c', 3]]);
  });

  it('names each contact to read once', () => {
    expect(disputeSubjects([charge('1', ada.key), charge('2', ada.key), charge('3', bob.key)])).toEqual([
      ada.key,
      bob.key,
    ]);
  });
});

describe('the dispute report: phones, and the contacts a period reads', () => {
  it('a phone flagged wrong disputes the phone’s credits, as flagged on the phone', () => {
    const dan = record('dan', { phone: { at: flagAt, by: 'Alice', value: '+1 555 0100' } });
    const rows = disputeRows([charge('P', dan.key)], new Map([[dan.key, dan]]));
    expect(rows.map((r) => [r.entryId, r.item, r.credits, r.target, r.flag])).toEqual([
      ['P', 'phone', 6, 'phone', dan.flags!.phone],
    ]);
  });

  it('"Wrong person" on a lookup the service charged less than the listed prices disputes only what its credits paid for, never a row at 0 credits', () => {
    const rows = disputeRows([charge('cheap', bob.key, { credits: 3 })], contacts);
    expect(rows.map((r) => [r.entryId, r.item, r.credits])).toEqual([['cheap', 'email', 3]]);
  });

  it('reads only the contacts of lookups that were charged: never a key-less one (IndexedDB refuses an undefined key, and the report would not load)', () => {
    const { subject: _none, ...keyless } = charge('old', ada.key);
    const entries: LedgerEntry[] = [
      { kind: 'balance', id: 'b', at, remaining: 100 },
      keyless,
      charge('u', url('uncertain'), { state: 'uncertain', items: [], credits: 0 }),
      charge('n', url('not-charged'), { state: 'not-charged', items: [], credits: 0 }),
      charge('nothing', url('nothing-found'), { items: [], credits: 0 }),
      charge('s', url('searched'), { action: 'search', items: [], credits: 1 }),
      charge('j', url('jd-searched'), { action: 'jd-search', items: [], credits: 2, state: 'confirmed' }),
      charge('paid', bob.key, { action: 'bulk-reveal' }),
      charge('lost', ada.key, { state: 'confirmed', items: ['email'], credits: 3 }),
    ];
    expect(disputeSubjects(entries)).toEqual([bob.key, ada.key]);
  });
});
