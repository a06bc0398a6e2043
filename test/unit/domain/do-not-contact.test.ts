/**
 * Who a do-not-contact entry names: every form of one person's profile address or email is one identifier, so a
 * person listed one way is never looked up when they are met another way; what a recruiter types in Options is
 * refused in plain words when it is not an address, and a contact the extension holds with an unreadable field is
 * still checked by the rest of what is known of them.
 */
import { describe, expect, it } from 'vitest';
import { dncIdentifiers as gatewayIdentifiers } from '../../../gateway/do-not-contact';
import { dncIdentifiers, normaliseEmail } from '../../../src/domain/do-not-contact';

const GRACE = 'https://www.linkedin.com/in/grace-hopper';
const typed = (person: Parameters<typeof dncIdentifiers>[0]) => dncIdentifiers(person, true);
const refusal = (person: Parameters<typeof dncIdentifiers>[0]) => {
  try {
    typed(person);
  } catch (error) {
    return error;
  }
  return null;
};

describe('what a person on a do-not-contact list is known by', () => {
  it('every form of one profile address and one email is one identifier, with the candidate id beside them', () => {
    expect(
      dncIdentifiers({
        socialUrl: '  https://uk.linkedin.com/in/Grace-Hopper/details/experience/ ',
        candidateId: ' c-42 ',
        emails: [' Grace@Navy.MIL ', 'grace@navy.mil', 'GRACE@NAVY.MIL', 'hopper@yale.edu'],
      }),
    ).toEqual([
      { kind: 'url', value: GRACE },
      { kind: 'id', value: 'c-42' },
      { kind: 'email', value: 'grace@navy.mil' },
      { kind: 'email', value: 'hopper@yale.edu' },
    ]);
    expect(normaliseEmail('  Grace@Navy.MIL\t')).toBe('grace@navy.mil');
  });

  it('the same value under two kinds stays two identifiers', () => {
    expect(dncIdentifiers({ candidateId: 'grace@navy.mil', emails: ['grace@navy.mil'] })).toEqual([
      { kind: 'id', value: 'grace@navy.mil' },
      { kind: 'email', value: 'grace@navy.mil' },
    ]);
  });

  it('blank fields name nobody (a blank would match every other blank)', () => {
    expect(
      dncIdentifiers({ socialUrl: '   ', candidateId: '  ', emails: ['', '   ', null, undefined] }),
    ).toEqual([]);
    expect(dncIdentifiers({})).toEqual([]);
  });

  it('a held contact whose profile address or email does not read is still checked by the rest', () => {
    expect(
      dncIdentifiers({
        socialUrl: 'https://www.linkedin.com/company/navy',
        candidateId: 'c-42',
        emails: ['not an email', 'grace@navy.mil'],
      }),
    ).toEqual([
      { kind: 'id', value: 'c-42' },
      { kind: 'email', value: 'grace@navy.mil' },
    ]);
  });

  it('this browser’s list and the team’s compare the same form of what was typed', () => {
    const person = {
      socialUrl: 'linkedin.com/in/Grace-Hopper',
      candidateId: 'c-42',
      emails: ['Grace@Navy.mil', ' grace@navy.mil', 'ada@lovelace.org'],
    };
    expect(typed(person)).toEqual(gatewayIdentifiers(person));
  });
});

describe('what a recruiter types in Options', () => {
  it('is refused in plain words, quoting what was typed, when it is not a profile address or an email', () => {
    expect(refusal({ socialUrl: '  https://www.linkedin.com/company/navy  ' })).toEqual(
      new RangeError(
        '"https://www.linkedin.com/company/navy" is not a LinkedIn profile address (expected https://www.linkedin.com/in/<name>).',
      ),
    );
    expect(refusal({ socialUrl: GRACE, emails: ['  grace at navy.mil '] })).toEqual(
      new RangeError('"grace at navy.mil" is not an email address.'),
    );
  });

  it('two addresses pasted into one field, or one with a stray @, are not an email', () => {
    for (const bad of [
      'grace@navy.mil ada@lovelace.org',
      'grace@navy@mil.org',
      'grace@navy.mil@',
      'grace@navy',
    ]) {
      expect(refusal({ emails: [bad] })).toEqual(new RangeError(`"${bad}" is not an email address.`));
    }
  });

  it('empty fields beside a filled one are ignored; nothing at all asks for an address', () => {
    expect(typed({ socialUrl: '  ', emails: ['', '   ', 'grace@navy.mil'] })).toEqual([
      { kind: 'email', value: 'grace@navy.mil' },
    ]);
    expect(typed({ socialUrl: GRACE, emails: ['  '] })).toEqual([{ kind: 'url', value: GRACE }]);
    for (const nothing of [{}, { socialUrl: ' ', emails: [' '] }, { candidateId: '   ' }]) {
      expect(refusal(nothing)).toEqual(
        new RangeError('Give a LinkedIn profile address or an email address.'),
      );
    }
  });
});
