/**
 * What the pages may know of the saved destinations (`destinations.ts` keeps them, keys and all, for the background
 * alone): a name, the account the check found, a masked key. In `storage.local`, so every screen hears of a
 * destination added or removed.
 */
import * as z from 'zod/mini';
import { defineStored } from './item';
import { KEYS } from './keys';

export const DESTINATION_KINDS = ['lever', 'ashby', 'hubspot', 'webhook'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

/** A destination as the pages see it. */
export const DestinationHint = z.object({
  id: z.string(),
  kind: z.enum(DESTINATION_KINDS),
  /** Its name on every screen: "Lever", or "Webhook (hooks.example.com)". */
  label: z.string(),
  /** Who or what the key acts as, when the check said ("Chandler Bing", an account number). */
  account: z.optional(z.string()),
  /** The key's last characters, or the webhook's address. */
  masked: z.string(),
  checkedAt: z.string(),
});
export type DestinationHint = z.infer<typeof DestinationHint>;

export const destinationHints = defineStored({
  key: KEYS.destinationHints,
  schema: z.array(DestinationHint),
  fallback: [],
  label: 'destinations',
  version: 1,
});
