import { describe, expect, it } from 'vitest';
import { flaggedItems, flagOnItem, isFlagged, standingFlag, withoutFlagged } from '../../../src/domain/flags';
import type { ContactRecord } from '../../../src/store/database/vault/vault-record';

const at = '2026-11-20T09:15:00.000Z';
const ada: ContactRecord = {
  v: 1,
  key: 'https://www.linkedin.com/in/ada',
  socialUrl: 'https://www.linkedin.com/in/ada',
  candidateId: '1',
  name: 'Ada',
  currentTitle: null,
  currentEmployer: null,
  email: { found: true, value: 'ada@example.org', at },
  phone: { found: true, value: '+44 20 7946 0000', at },
  detailed_profile: {
    found: true,
    value: { skills: [], experience: [], education: [], job_history: [] },
    at,
  },
  updatedAt: at,
};
const flagged = (flags: ContactRecord['flags']): ContactRecord => ({ ...ada, flags });

describe('data flagged wrong', () => {
  it('an email flagged wrong is left out of what is given; the rest stays', () => {
    const record = flagged({ email: { at, value: 'ada@example.org' } });
    expect(flaggedItems(record)).toEqual(['email']);
    expect(isFlagged(record)).toBe(true);
    const given = withoutFlagged(record);
    expect(given.email).toBeUndefined();
    expect(given.phone).toEqual(ada.phone);
    expect(withoutFlagged(record, true)).toBe(record);
  });

  it('"Wrong person" covers every found item', () => {
    const record = flagged({ person: { at } });
    expect(flaggedItems(record)).toEqual(['email', 'phone', 'detailed_profile']);
    expect(flagOnItem(record, 'phone')).toEqual({ at });
    const given = withoutFlagged(record);
    expect([given.email, given.phone, given.detailed_profile]).toEqual([undefined, undefined, undefined]);
    expect(given.name).toBe('Ada');
  });

  it('a flag taken back no longer stands, and nothing is left out', () => {
    const record = flagged({ email: { at, value: 'ada@example.org', unflagged: { at, by: 'Bob' } } });
    expect(standingFlag(record, 'email')).toBeNull();
    expect(isFlagged(record)).toBe(false);
    expect(withoutFlagged(record)).toBe(record);
  });

  it('a flag on an address since replaced by another reveal does not cover the new one', () => {
    const record = flagged({ email: { at, value: 'old@example.org' } });
    expect(flagOnItem(record, 'email')).toBeNull();
    expect(withoutFlagged(record).email).toEqual(ada.email);
  });

  it('a contact never flagged is given as held', () => {
    expect(isFlagged(ada)).toBe(false);
    expect(withoutFlagged(ada)).toBe(ada);
  });
});

describe('data flagged wrong: phones, teammates’ flags and "Wrong person" on what is not held', () => {
  it('a phone flagged wrong is struck and left out of what is given; the email stays', () => {
    const record = flagged({ phone: { at, value: '+44 20 7946 0000' } });
    expect(flagOnItem(record, 'phone')).toEqual({ at, value: '+44 20 7946 0000' });
    expect(flagOnItem(record, 'email')).toBeNull();
    expect(flaggedItems(record)).toEqual(['phone']);
    const given = withoutFlagged(record);
    expect(given.phone).toBeUndefined();
    expect(given.email).toEqual(ada.email);
  });

  it('a teammate’s flag that names no value strikes the address held', () => {
    const record = flagged({ email: { at, by: 'Bob' } });
    expect(flagOnItem(record, 'email')).toEqual({ at, by: 'Bob' });
    expect(withoutFlagged(record).email).toBeUndefined();
  });

  it('a teammate’s flag on an address this browser does not hold strikes nothing', () => {
    const { email: _held, ...noEmail } = ada;
    const record: ContactRecord = { ...noEmail, flags: { email: { at, by: 'Bob' } } };
    expect(standingFlag(record, 'email')).toBeNull();
    expect(flagOnItem(record, 'email')).toBeNull();
    const notFound: ContactRecord = { ...record, email: { found: false, at } };
    expect(standingFlag(notFound, 'email')).toBeNull();
    expect(isFlagged(notFound)).toBe(false);
  });

  it('"Wrong person" leaves a healthcare profile out too, and strikes nothing that is not held', () => {
    const record: ContactRecord = {
      ...ada,
      phone: { found: false, at },
      healthcare_profile: { found: true, value: { npi_number: '1234567890', specialty: 'Cardiology' }, at },
      flags: { person: { at } },
    };
    expect(flaggedItems(record)).toEqual(['email', 'detailed_profile', 'healthcare_profile']);
    expect(withoutFlagged(record).healthcare_profile).toBeUndefined();
    expect(flagOnItem(record, 'phone')).toBeNull();
    const { healthcare_profile: _hp, ...without } = record;
    expect(flagOnItem(without, 'healthcare_profile')).toBeNull();
  });

  it('a contact flagged "Wrong person" with nothing found is still among the flagged', () => {
    const record: ContactRecord = {
      ...ada,
      email: { found: false, at },
      phone: { found: false, at },
      detailed_profile: { found: false, at },
      flags: { person: { at } },
    };
    expect(flaggedItems(record)).toEqual([]);
    expect(isFlagged(record)).toBe(true);
  });
});
