/**
 * What one send does at a destination, never a duplicate: shared by the extension's background (its own keys) and
 * the team gateway (the keys it holds for its members). Before the first request the person is looked up by email,
 * and whether they were found is written down with the intent (`intend`): a send cut off midway then finds the
 * record instead of making a second one, and still knows whether it had made it.
 *
 * A person already sent to a destination (any kind, the webhook included) is never sent there again: no request
 * leaves, and the outcome says `alreadySent` with the record the first send made. A webhook keeps nothing we could
 * ask about, so a second delivery would reach its receiver as a new person with a new delivery id.
 */
import { type DestinationSettings, destinationFor } from './destinations';
import type { CallOptions, SendOutcome, SendPerson, TransportOptions } from './types';

/** What an earlier send of the same person to the same destination left. */
export interface EarlierSend {
  /** `sending`: written before its request, never settled (cut off). */
  state: 'sending' | 'sent';
  recordId?: string | undefined;
  link?: string | undefined;
  foundBefore?: boolean | undefined;
}

/** What a send does, and whether it was skipped because this person was already sent there. */
export type PerformedSend = SendOutcome & { alreadySent?: true };

export async function performSend(
  settings: DestinationSettings,
  person: SendPerson,
  earlier: EarlierSend | null,
  intend: (foundBefore: boolean, deliveryId?: string) => Promise<void>,
  options: CallOptions = {},
  transport: TransportOptions = {},
): Promise<PerformedSend> {
  if (earlier?.state === 'sent') {
    // 'already-there' keeps, wherever it is settled, the status the first send left.
    return {
      status: 'already-there',
      id: earlier.recordId ?? '',
      ...(earlier.link ? { link: earlier.link } : {}),
      alreadySent: true,
    };
  }
  const destination = destinationFor(settings, transport);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a webhook's findByEmail asks nothing and finds nobody, and its send reads no `found`
  const email = settings.kind === 'webhook' ? undefined : person.emails[0];
  // The one lookup of this send: its answer goes to the destination's send, which does not ask again.
  const found = email ? ((await destination.findByEmail(email, options)) ?? null) : undefined;
  if (earlier?.state === 'sending' && found) {
    const existing = settings.kind === 'lever' ? 'linked' : 'already-there';
    return { status: earlier.foundBefore ? existing : 'created', id: found.id, link: found.link };
  }
  // A webhook's delivery id is chosen before its request and kept with the intent: a delivery cut off and made again
  // carries the same id, so its receiver drops the repeat.
  // Stryker disable next-line ConditionalExpression: no other destination reads a delivery id, and settling replaces the intent's recordId
  const deliveryId = settings.kind === 'webhook' ? (earlier?.recordId ?? crypto.randomUUID()) : undefined;
  if (earlier === null) await intend(found != null, deliveryId);
  return destination.send(person, {
    ...options,
    // Stryker disable next-line ConditionalExpression: every destination's send treats `found: undefined` as not given (`found !== undefined`)
    ...(found !== undefined ? { found } : {}),
    ...(deliveryId ? { deliveryId } : {}),
  });
}

/** Why a person cannot be sent to this destination yet, or null. */
export function unsendable(
  settings: Pick<DestinationSettings, 'kind' | 'label'>,
  person: SendPerson,
): string | null {
  if (!person.name) return 'This contact has no name to send. Reveal it again from the profile.';
  if (settings.kind !== 'webhook' && person.emails.length === 0) {
    return `${settings.label} finds people by email, and this contact has none revealed. Reveal the email first.`;
  }
  // Stryker disable next-line ConditionalExpression: any other kind with no email was refused by the rule above
  if (settings.kind === 'webhook' && person.emails.length === 0 && person.phones.length === 0) {
    return 'Nothing is revealed for this contact yet. Reveal it first.';
  }
  return null;
}
