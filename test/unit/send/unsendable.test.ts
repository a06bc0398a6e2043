/** Why a contact cannot be sent yet, said before any request: each destination kind's own rule, in plain words. */
import { describe, expect, it } from 'vitest';
import { unsendable } from '../../../src/send/outcome';
import type { SendPerson } from '../../../src/send/types';

const person = (over: Partial<SendPerson> = {}): SendPerson => ({
  name: 'Ada Lovelace',
  emails: ['ada@example.org'],
  phones: [],
  ...over,
});
const lever = { kind: 'lever', label: 'Lever' } as const;
const hubspot = { kind: 'hubspot', label: 'HubSpot' } as const;
const webhook = { kind: 'webhook', label: 'Webhook' } as const;

describe('a contact that cannot be sent yet', () => {
  it('has no name: says to reveal it again, whatever the destination', () => {
    for (const destination of [lever, webhook]) {
      expect(unsendable(destination, person({ name: '' }))).toBe(
        'This contact has no name to send. Reveal it again from the profile.',
      );
    }
  });

  it('a destination that finds people by email needs one revealed, and names itself', () => {
    expect(unsendable(lever, person({ emails: [], phones: ['+1 555 0100'] }))).toBe(
      'Lever finds people by email, and this contact has none revealed. Reveal the email first.',
    );
    expect(unsendable(hubspot, person({ emails: [] }))).toBe(
      'HubSpot finds people by email, and this contact has none revealed. Reveal the email first.',
    );
  });

  it('a webhook takes a phone alone, but not a contact with nothing revealed', () => {
    expect(unsendable(webhook, person({ emails: [], phones: ['+1 555 0100'] }))).toBeNull();
    expect(unsendable(webhook, person({ emails: ['ada@example.org'], phones: [] }))).toBeNull();
    expect(unsendable(webhook, person({ emails: [], phones: [] }))).toBe(
      'Nothing is revealed for this contact yet. Reveal it first.',
    );
  });

  it('one with a name and an email can be sent anywhere', () => {
    expect(unsendable(lever, person())).toBeNull();
    expect(unsendable(hubspot, person())).toBeNull();
  });
});
