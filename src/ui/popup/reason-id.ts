/** Reasons a notice above the popup's buttons says once, and how a disabled button names where its reason is. */
import { NO_KEY } from '../helpers/reveal-price';
import { SERVICE_DOWN, SERVICE_DOWN_ID } from '../words/service';

/** Said once by a notice above (no key, the service out of reach): a button names the notice, not a line of its own. */
export const saidAbove = (reason: string): boolean => reason === NO_KEY || reason === SERVICE_DOWN;

/** What a button's `aria-describedby` names for `reason`: the notice that says it, or the reason's own line `id`. */
export function reasonId(reason: string | null, id: string): string | undefined {
  if (reason === null) return undefined;
  if (reason === NO_KEY) return 'no-key';
  return reason === SERVICE_DOWN ? SERVICE_DOWN_ID : id;
}
