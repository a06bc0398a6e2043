import { describe, expect, it } from 'vitest';
import { isRevealed } from '../../../src/domain/revealed';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';

const record = (items: Partial<ContactRecord>): ContactRecord => ({
  v: 1,
  key: 'https://www.linkedin.com/in/ada',
  socialUrl: 'https://www.linkedin.com/in/ada',
  candidateId: null,
  name: 'Ada',
  currentTitle: null,
  currentEmployer: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...items,
});
const AT = '2026-01-01T00:00:00.000Z';

describe('is a contact revealed', () => {
  it('yes when the vault holds at least one found item', () => {
    expect(isRevealed(record({ phone: { found: true, value: '+1 555', at: AT } }))).toBe(true);
    expect(
      isRevealed(record({ email: { found: false, at: AT }, phone: { found: true, value: '1', at: AT } })),
    ).toBe(true);
  });

  it('no for no record, or one whose items were all looked for and not found', () => {
    expect(isRevealed(null)).toBe(false);
    expect(isRevealed(record({}))).toBe(false);
    expect(isRevealed(record({ email: { found: false, at: AT } }))).toBe(false);
  });
});
