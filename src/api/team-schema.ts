/**
 * The gateway's own endpoints beside the service's `/v1` ones, as zod schemas (the wire contract a client such as
 * the extension reads them with). Both are free: they never reach the service's paid endpoints.
 *
 * - `GET /v1/team/me`: who the member key belongs to, the team, the member's caps and spend, the team's balance.
 * - `POST /v1/team/held`: which items the team already holds for a list of people, so a client can price them at
 *   0 before any click.
 */
import * as z from 'zod/mini';
import { RETRIEVABLE } from './schema-parts';

/** The most people one `POST /v1/team/held` may ask about (a search page holds at most 100). */
export const HELD_MAX_PEOPLE = 100;

/** One person asked about: exactly one of a profile URL or a candidate id, as in a lookup. */
export const HeldPerson = z
  .strictObject({
    social_url: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
    candidate_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  })
  .check(
    z.refine((p) => (p.social_url === undefined) !== (p.candidate_id === undefined), {
      message: 'give exactly one of social_url or candidate_id',
    }),
  );

/** Body of `POST /v1/team/held`. */
export const TeamHeldRequest = z.strictObject({
  people: z.array(HeldPerson).check(z.minLength(1), z.maxLength(HELD_MAX_PEOPLE)),
});
export type TeamHeldRequest = z.infer<typeof TeamHeldRequest>;

/** What the team holds of one item of one person. */
export const HeldItemInfo = z.looseObject({
  item: z.enum(RETRIEVABLE),
  /** True: the team holds the value (a lookup of it is answered free). False: the service had none when asked. */
  found: z.boolean(),
  /** The member who revealed it (or asked and found none). */
  revealed_by: z.string(),
  /** ISO time. */
  revealed_at: z.string(),
});
export type HeldItemInfo = z.infer<typeof HeldItemInfo>;

/** Answer of `POST /v1/team/held`: one entry per person asked, in the order asked. */
export const TeamHeldResponse = z.looseObject({
  success: z.literal(true),
  people: z.array(
    z.looseObject({
      /** As asked (not made canonical), so a client can match its rows. */
      social_url: z.optional(z.string()),
      candidate_id: z.optional(z.string()),
      /** Items the team holds or knows missing; empty when the team has nothing for this person. */
      items: z.array(HeldItemInfo),
      /** ISO time the service answered "no such candidate" to the team, when it did recently. */
      not_found_at: z.optional(z.string()),
    }),
  ),
});
export type TeamHeldResponse = z.infer<typeof TeamHeldResponse>;

/** Answer of `GET /v1/team/me`. */
export const TeamMeResponse = z.looseObject({
  success: z.literal(true),
  member: z.looseObject({ name: z.string() }),
  team: z.looseObject({ name: z.string() }),
  /** Credits; null when the member has no such cap. */
  caps: z.looseObject({ daily: z.nullable(z.int()), monthly: z.nullable(z.int()) }),
  /** What counts toward the caps: credits charged, plus the most of the member's calls under way. */
  spent: z.looseObject({ today: z.int(), this_month: z.int() }),
  /** ISO times the daily and monthly allowances start afresh (UTC midnight, first of the month). */
  resets: z.looseObject({ daily: z.string(), monthly: z.string() }),
  /** The team's balance with the service, and when it was known; null when it never was. */
  balance: z.nullable(
    z.looseObject({ credits_remaining: z.int(), credits_purchased: z.nullable(z.int()), as_of: z.string() }),
  ),
});
export type TeamMeResponse = z.infer<typeof TeamMeResponse>;
