/** The words every "Send to" screen shares. */
import type { ApiErrorJSON } from '../../api/errors';
import type { DestinationKind } from '../../store/items/destination-hints';

export const DESTINATION_NAMES: Record<DestinationKind, string> = {
  lever: 'Lever',
  ashby: 'Ashby',
  hubspot: 'HubSpot',
  greenhouse: 'Greenhouse',
  workable: 'Workable',
  webhook: 'the webhook',
};

/** A destination's refusal or failure: its own sentence, which already says what to do. */
export function problemText(error: ApiErrorJSON | string | null): string | null {
  if (error === null) return null;
  return typeof error === 'string' ? error : error.message;
}

/** A saved destination's free check answered (Options, Send to, "Check"). */
export const destinationWorks = (label: string): string => `${label} answered: the destination works.`;
