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
