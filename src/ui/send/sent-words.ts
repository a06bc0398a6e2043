/** How a send is said on every screen: the mark of a contact already sent, and what a click just did. */
import type { SendResult } from '../../protocol/shapes';
import type { SentRecord } from '../../store/database/sent';

/** "3 Nov". */
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

/** "In Lever · 3 Nov", "In Lever, sent by Alice", "Sent to the webhook · 3 Nov", "Sent to the webhook by Alice". */
export function sentMark(
  record: Pick<SentRecord, 'label' | 'destinationId' | 'updatedAt' | 'sentBy'>,
): string {
  if (record.destinationId === 'webhook') {
    return record.sentBy
      ? `Sent to the webhook by ${record.sentBy}`
      : `Sent to the webhook · ${shortDate(record.updatedAt)}`;
  }
  const where = `In ${record.label}`;
  return record.sentBy ? `${where}, sent by ${record.sentBy}` : `${where} · ${shortDate(record.updatedAt)}`;
}

/** What one click did, in a sentence. */
export function sendOutcome(result: SendResult): string {
  switch (result.status) {
    case 'created':
      return `Added to ${result.label}.`;
    case 'linked':
      return `Added to the candidate ${result.label} already had.`;
    case 'already-there':
      return `Already in ${result.label}: nothing new was made.`;
    case 'updated':
      return `Updated in ${result.label} with what it lacked.`;
    case 'delivered':
      return 'Sent to the webhook.';
    case 'already-sent':
      return `Already sent to ${result.label}: not sent again.`;
  }
}
