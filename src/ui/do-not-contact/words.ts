/** Every word the do-not-contact screens say (Options; the contact card's "Forget this person"). */
import { DNC_REASON_WORDS } from '../../domain/do-not-contact-words';
import { countOf } from '../../format/numbers';

export { DNC_REASON_WORDS };

export const DNC_WORDS = {
  title: 'Do not contact',
  how: 'People on this list are never revealed: a reveal or a bulk reveal says so and spends no credits. The list keeps no addresses, only a fingerprint of each, so it cannot show whom it holds.',
  team: (team: string) =>
    `People you add also go on ${team}’s list, which the whole team honours. Your team’s admin takes people off it, in the team’s console.`,
  add: 'Add a person',
  profile: 'LinkedIn profile address',
  emails: 'Email addresses',
  emailsHint: 'One or more, separated by commas or spaces.',
  reason: 'Why',
  addButton: 'Add to the list',
  added: 'Added to your do-not-contact list.',
  addedTeam: 'Added to your do-not-contact list and your team’s.',
  already: 'Already on the list.',
  empty: 'Nobody is on your do-not-contact list.',
  listTitle: 'People on your list',
  holds: (kinds: { url: number; id: number; email: number }) =>
    [
      kinds.url ? 'profile address' : '',
      kinds.id ? 'service id' : '',
      kinds.email ? `${countOf(kinds.email, 'email')}` : '',
    ]
      .filter((part) => part !== '')
      .join(', '),
  addedOn: (at: string) =>
    `added ${new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`,
  remove: 'Take off the list',
  removeConfirm: 'Take this person off your do-not-contact list? They could then be revealed again.',
  removed: 'Taken off your do-not-contact list.',
} as const;
