/**
 * A saved connection to one destination: what the user typed (and the check learnt), validated with zod, turned
 * into its {@link Destination}, and the origins whose host permission it needs. The manifest already declares every
 * https origin as an optional host permission, so saving a connection asks for its own origins at that moment and
 * nothing new is asked at install.
 */
import * as z from 'zod/mini';
import { createAshby } from './ashby';
import { createHubSpot } from './hubspot';
import { createLever } from './lever';
import type { Destination, TransportOptions } from './types';
import { createWebhook } from './webhook';

const Base = { id: z.string(), label: z.string(), baseUrl: z.optional(z.string()) };

export const Connection = z.discriminatedUnion('kind', [
  z.object({
    ...Base,
    kind: z.literal('lever'),
    apiKey: z.string(),
    performAs: z.string(),
    postingId: z.optional(z.string()),
    tags: z.optional(z.array(z.string())),
  }),
  z.object({ ...Base, kind: z.literal('ashby'), apiKey: z.string(), sourceId: z.optional(z.string()) }),
  z.object({
    ...Base,
    kind: z.literal('hubspot'),
    token: z.string(),
    portalId: z.optional(z.number()),
    linkedInProperty: z.optional(z.string()),
  }),
  z.object({
    ...Base,
    kind: z.literal('webhook'),
    url: z.string(),
    secret: z.string(),
    sentBy: z.optional(z.string()),
  }),
]);
export type Connection = z.infer<typeof Connection>;

/** The destination a connection speaks to. Throws a 'not-set-up' SendError for an unusable address. */
export function destinationFor(connection: Connection, transport: TransportOptions = {}): Destination {
  switch (connection.kind) {
    case 'lever':
      return createLever({ ...transport, ...connection });
    case 'ashby':
      return createAshby({ ...transport, ...connection });
    case 'hubspot':
      return createHubSpot({ ...transport, ...connection });
    case 'webhook':
      return createWebhook({ ...transport, ...connection });
  }
}
