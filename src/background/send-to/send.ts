/**
 * Sending one revealed contact to one destination, on the user's click: free (no credits), never a duplicate. A
 * destination a team gateway holds is sent to through the gateway (`team-send.ts`); one saved here, directly.
 * The contact's send record is written before the request (`sending`) and settled with the answer. A contact
 * already sent to a destination is never sent there again (`already-sent`, nothing requested, the record kept as the
 * first send left it). A send cut off by a stopped worker looks the person up by email before creating anything.
 */
import { flaggedItems, withoutFlagged } from '../../domain/flags';
import { refuse, refuseNow } from '../../protocol/result';
import type { SendResult } from '../../protocol/shapes';
import { type PerformedSend, performSend, unsendable } from '../../send/outcome';
import { savedDestination } from '../../send/saved';
import type { CallOptions, SendPerson } from '../../send/types';
import { keepSent, type SentRecord, sentKey, sentTo } from '../../store/database/sent';
import { vault } from '../../store/database/vault/vault';
import type { ContactRecord } from '../../store/database/vault/vault-record';
import { destinationHints } from '../../store/items/destination-hints';
import { serialized } from '../../store/lock';
import { sendThroughTeam } from '../team/team-send';
import { asApiError } from './send-error';

/**
 * The person as a destination receives them: what was revealed, with the profile's name, title and employer. Items
 * flagged wrong are left out (`src/domain/flags.ts`).
 */
export function personOf(held: ContactRecord): SendPerson {
  const contact = withoutFlagged(held);
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

/**
 * Why the contact cannot be sent; when it is for want of items flagged wrong, said in the flag's words rather than
 * "reveal it", which would spend credits on data already held.
 */
function sendProblem(
  destination: Parameters<typeof unsendable>[0],
  contact: ContactRecord,
  person: SendPerson,
): string | null {
  const problem = unsendable(destination, person);
  return problem && flaggedItems(contact).length > 0
    ? 'This contact’s data is flagged wrong, and flagged data is not sent. Take the flag back to send it.'
    : problem;
}

/** The answer for a contact sent to this destination before: nothing is sent again. */
function alreadySent(kept: SentRecord): SendResult {
  return {
    status: 'already-sent',
    label: kept.label,
    ...(kept.link ? { link: kept.link } : {}),
    sentAt: kept.updatedAt,
  };
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
    const kept = await sentTo(input.destinationId, input.contactKey);
    if (kept?.state === 'sent') return alreadySent(kept);
    const team = (await destinationHints.get()).find(
      (hint) => hint.id === input.destinationId && hint.team !== undefined,
    );
    if (team) {
      const contact = await vault.get(input.contactKey);
      if (!contact) throw refuseNow('This contact is no longer among your revealed contacts.');
      const person = personOf(contact);
      const problem = sendProblem(team, contact, person);
      if (problem) throw refuse(problem);
      return sendThroughTeam(team.kind, contact, person);
    }
    const destination = await savedDestination(input.destinationId);
    if (!destination)
      throw refuseNow('This destination is no longer saved. Add it again in Options, Send to.');
    const contact = await vault.get(input.contactKey);
    if (!contact) throw refuseNow('This contact is no longer among your revealed contacts.');
    const person = personOf(contact);
    const problem = sendProblem(destination, contact, person);
    if (problem) throw refuse(problem);

    const earlier = await sentTo(destination.id, contact.key);
    const now = new Date().toISOString();
    const base = {
      key: sentKey(destination.id, contact.key),
      contactKey: contact.key,
      destinationId: destination.id,
      label: destination.label,
      sentAt: earlier?.state === 'sent' ? earlier.sentAt : now,
    };
    // Written before the request: a stopped worker leaves word that this send may have reached the destination.
    const intend = (foundBefore: boolean, deliveryId?: string) =>
      keepSent({
        ...base,
        state: 'sending',
        foundBefore,
        ...(deliveryId ? { recordId: deliveryId } : {}),
        updatedAt: now,
      });
    let outcome: PerformedSend;
    try {
      outcome = await performSend(destination, person, earlier, intend, options);
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
      label: destination.label,
      ...(outcome.link ? { link: outcome.link } : {}),
      sentAt: settled.updatedAt,
    };
  });
}
