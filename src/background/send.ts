/**
 * Sending one revealed contact to one saved destination, on the user's click: free (no credits), never a duplicate.
 * The contact's send record is written before the request (`sending`) and settled with the answer. Sending again
 * asks the destination to fill in what it lacks (HubSpot), finds the person already there (Ashby), or, where a new
 * request would make a second record (Lever), keeps the record already made. A send cut off by a stopped worker
 * looks the person up by email before creating anything.
 */
import { refuse, refuseNow } from '../protocol/result';
import type { SendResult } from '../protocol/shapes';
import { type Connection, destinationFor } from '../send/connection';
import type { CallOptions, SendOutcome, SendPerson } from '../send/types';
import { savedDestination } from '../store/destinations';
import { serialized } from '../store/lock';
import { keepSent, type SentRecord, sentKey, sentTo } from '../store/sent';
import { vault } from '../store/vault';
import type { ContactRecord } from '../store/vault-record';
import { asApiError } from './send-error';

/** The person as a destination receives them: what was revealed, with the profile's name, title and employer. */
export function personOf(contact: ContactRecord): SendPerson {
  const revealed = (['email', 'phone', 'detailed_profile', 'healthcare_profile'] as const).filter(
    (item) => contact[item]?.found,
  );
  return {
    name: contact.name ?? '',
    emails: contact.email?.found ? [contact.email.value] : [],
    phones: contact.phone?.found ? [contact.phone.value] : [],
    ...(contact.socialUrl ? { profileUrl: contact.socialUrl } : {}),
    ...(contact.currentTitle ? { headline: contact.currentTitle, jobTitle: contact.currentTitle } : {}),
    ...(contact.currentEmployer ? { company: contact.currentEmployer } : {}),
    revealed,
  };
}

/** Why a contact cannot be sent to this destination yet, or null. */
function unsendable(connection: Connection, person: SendPerson): string | null {
  if (!person.name) return 'This contact has no name to send. Reveal it again from the profile.';
  if (connection.kind !== 'webhook' && person.emails.length === 0) {
    return `${connection.label} finds people by email, and this contact has none revealed. Reveal the email first.`;
  }
  if (connection.kind === 'webhook' && person.emails.length === 0 && person.phones.length === 0) {
    return 'Nothing is revealed for this contact yet. Reveal it first.';
  }
  return null;
}

/**
 * What the destination did. Before the first request the person is looked up by email, and whether they were found
 * is written down with the intent: a send cut off by a stopped worker then finds the record instead of making a
 * second one, and still knows whether it had made it.
 */
async function outcomeOf(
  connection: Connection,
  person: SendPerson,
  earlier: SentRecord | null,
  intend: (foundBefore: boolean) => Promise<void>,
  options: CallOptions,
): Promise<SendOutcome> {
  const destination = destinationFor(connection);
  const email = connection.kind === 'webhook' ? undefined : person.emails[0];
  if (connection.kind === 'lever' && earlier?.state === 'sent' && earlier.recordId) {
    return { status: 'already-there', id: earlier.recordId, ...(earlier.link ? { link: earlier.link } : {}) };
  }
  if (earlier?.state === 'sending' && email) {
    const found = await destination.findByEmail(email, options);
    if (found) {
      const existing = connection.kind === 'lever' ? 'linked' : 'already-there';
      return { status: earlier.foundBefore ? existing : 'created', id: found.id, link: found.link };
    }
  }
  if (earlier === null) {
    await intend(email ? (await destination.findByEmail(email, options)) !== undefined : false);
  }
  return destination.send(person, options);
}

/**
 * Sends the contact kept under `contactKey` to the saved destination `destinationId`; one send of a contact to a
 * destination at a time.
 */
export function sendContact(
  input: { contactKey: string; destinationId: string },
  options: CallOptions = {},
): Promise<SendResult> {
  return serialized(`send ${sentKey(input.destinationId, input.contactKey)}`, async () => {
    const connection = await savedDestination(input.destinationId);
    if (!connection)
      throw refuseNow('This destination is no longer saved. Add it again in Options, Send to.');
    const contact = await vault.get(input.contactKey);
    if (!contact) throw refuseNow('This contact is no longer among your revealed contacts.');
    const person = personOf(contact);
    const problem = unsendable(connection, person);
    if (problem) throw refuse(problem);

    const earlier = await sentTo(connection.id, contact.key);
    const now = new Date().toISOString();
    const base = {
      key: sentKey(connection.id, contact.key),
      contactKey: contact.key,
      destinationId: connection.id,
      label: connection.label,
      sentAt: earlier?.state === 'sent' ? earlier.sentAt : now,
    };
    // Written before the request: a stopped worker leaves word that this send may have reached the destination.
    const intend = (foundBefore: boolean) =>
      keepSent({ ...base, state: 'sending', foundBefore, updatedAt: now });
    let outcome: SendOutcome;
    try {
      outcome = await outcomeOf(connection, person, earlier, intend, options);
    } catch (error) {
      throw asApiError(error);
    }
    const settled: SentRecord = {
      ...base,
      state: 'sent',
      // A later send that found the record there keeps what the first send did.
      status: earlier?.status && outcome.status === 'already-there' ? earlier.status : outcome.status,
      recordId: outcome.id,
      ...(outcome.link ? { link: outcome.link } : {}),
      updatedAt: new Date().toISOString(),
    };
    await keepSent(settled);
    return {
      status: outcome.status,
      label: connection.label,
      ...(outcome.link ? { link: outcome.link } : {}),
      sentAt: settled.updatedAt,
    };
  });
}
