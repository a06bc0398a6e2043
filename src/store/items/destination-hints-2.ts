/**
 * Destination hints, version 1 to 2: a webhook's address is a secret (Zapier, Make and n8n take anything posted to
 * it), so the hint the pages read from `storage.local` (which Firefox content scripts can read too) keeps only its
 * host and last characters; the whole address stays with the keys, for the background alone.
 */
import { maskAddress } from '../secrets/mask-address';

export function destinationHintsV2(previous: unknown): unknown {
  if (!Array.isArray(previous)) return previous;
  return previous.map((hint) =>
    typeof hint === 'object' &&
    hint !== null &&
    (hint as { kind?: unknown }).kind === 'webhook' &&
    typeof (hint as { masked?: unknown }).masked === 'string'
      ? { ...hint, masked: maskAddress((hint as { masked: string }).masked) }
      : hint,
  );
}
