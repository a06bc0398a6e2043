/**
 * What a recruiter reads about a listed person: why a reveal did nothing, with the next step that fits the list the
 * person is on, and each reason in the same words the team's console uses.
 */
import { describe, expect, it } from 'vitest';
import { DNC_REASON_WORDS as CONSOLE_REASON_WORDS } from '../../../gateway/do-not-contact';
import { DNC_REASONS } from '../../../src/api/dnc-reasons';
import { DNC_REASON_WORDS, dncRefusal } from '../../../src/domain/do-not-contact-words';

describe('the words of a do-not-contact list', () => {
  it('a refused reveal says which list, that nothing was spent, and who can take the person off it', () => {
    expect(dncRefusal('team')).toBe(
      'On your team’s do-not-contact list: not revealed, no credits spent. Your team’s admin can take them off the list.',
    );
    expect(dncRefusal('local')).toBe(
      'On your do-not-contact list: not revealed, no credits spent. Take them off it in Options to reveal them.',
    );
  });

  it('each reason is said in words, the same the team’s console says (typographic apostrophes aside)', () => {
    expect(DNC_REASON_WORDS).toEqual({
      objected: 'Objected to being contacted',
      erasure: 'Asked to be erased',
      client_employee: 'A client’s employee',
      other: 'Other reason',
    });
    for (const reason of DNC_REASONS) {
      expect(DNC_REASON_WORDS[reason].replaceAll('’', "'")).toBe(CONSOLE_REASON_WORDS[reason]);
    }
  });
});
