/**
 * Every destination contacts can be sent to, one file each: this list is the only place they are named together, and
 * every list of kinds, names and settings is derived from it. Adding a destination: CONTRIBUTING.md, "A new
 * destination".
 */
import * as z from 'zod/mini';
import type { Destination, TransportOptions } from '../types';
import { AshbySettings, ashby } from './ashby';
import { GreenhouseSettings, greenhouse } from './greenhouse';
import { HubSpotSettings, hubspot } from './hubspot';
import { LeverSettings, lever } from './lever';
import { WebhookSettings, webhook } from './webhook';
import { WorkableSettings, workable } from './workable';

export const DESTINATIONS = [lever, ashby, hubspot, greenhouse, workable, webhook] as const;

type Card = (typeof DESTINATIONS)[number];
export type DestinationKind = Card['kind'];

export const DESTINATION_KINDS = DESTINATIONS.map((card) => card.kind) as [
  DestinationKind,
  ...DestinationKind[],
];

/** A saved destination: what the user typed and the check learnt, its kind's settings. */
export const DestinationSettings = z.discriminatedUnion('kind', [
  LeverSettings,
  AshbySettings,
  HubSpotSettings,
  GreenhouseSettings,
  WorkableSettings,
  WebhookSettings,
]);
export type DestinationSettings = z.infer<typeof DestinationSettings>;

/** Each kind's card. */
export function cardOf<K extends DestinationKind>(kind: K): Extract<Card, { kind: K }> {
  return DESTINATIONS.find((card) => card.kind === kind) as Extract<Card, { kind: K }>;
}

/** Each kind's name in a sentence ("Lever", "the webhook"). */
export const DESTINATION_NAMES = Object.fromEntries(
  DESTINATIONS.map((card) => [card.kind, card.name]),
) as Record<DestinationKind, string>;

/** Each kind's name on a button or a mark ("Lever", "Webhook"). */
export const DESTINATION_LABELS = Object.fromEntries(
  DESTINATIONS.map((card) => [card.kind, card.label]),
) as Record<DestinationKind, string>;

/** The destination its saved settings speak to. Throws a 'not-set-up' SendError for an unusable address. */
export function destinationFor(settings: DestinationSettings, transport: TransportOptions = {}): Destination {
  // Each card takes its own kind's settings; the union is narrowed by the kind it was found by.
  const card = cardOf(settings.kind) as unknown as {
    create(settings: DestinationSettings, transport: TransportOptions): Destination;
  };
  return card.create(settings, transport);
}

/** The free check of a destination when it is saved: what it learnt, and whom the key acts as. */
export async function settle(
  settings: DestinationSettings,
  transport: TransportOptions = {},
): Promise<{ settings: DestinationSettings; account?: string }> {
  const card = cardOf(settings.kind) as unknown as {
    settle?(
      c: DestinationSettings,
      t: TransportOptions,
    ): Promise<{ settings: DestinationSettings; account?: string }>;
  };
  if (card.settle) return card.settle(settings, transport);
  const result = await destinationFor(settings, transport).check();
  return { settings, ...(result.account ? { account: result.account } : {}) };
}
