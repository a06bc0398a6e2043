/**
 * The gateway's own endpoints beside the service's `/v1` ones, as zod schemas (the wire contract a client such as
 * the extension reads them with). Both are free: they never reach the service's paid endpoints.
 *
 * - `GET /v1/team/me`: who the member key belongs to, the team, the member's caps and spend, the team's balance.
 * - `POST /v1/team/held`: which items the team already holds for a list of people, so a client can price them at
 *   0 before any click.
 * - `POST /v1/team/send`: sends one person to a destination whose key the gateway holds (Lever, Ashby, HubSpot, a
 *   webhook), never as a duplicate; `POST /v1/team/sent`: what the team sent of a list of people (since a time, when
 *   given), and who sent it. Never the team's whole history: a member asks only about the contacts it holds.
 */
import * as z from 'zod/mini';
import { DNC_REASONS } from './dnc-reasons';
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

/**
 * What a team gateway adds to a contact result it answered (`team_held`): the items that came from the team's vault,
 * each with who revealed it and when. The service itself never sends it.
 */
export const TeamHeldInAnswer = z.array(HeldItemInfo);

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
      /**
       * True when the person is on the team's do-not-contact list: the gateway will not look them up or send them
       * (and `items` is empty). Absent from gateways before it kept one.
       */
      do_not_contact: z.optional(z.boolean()),
    }),
  ),
});
export type TeamHeldResponse = z.infer<typeof TeamHeldResponse>;

/** The destinations a gateway can hold a key for, by kind: one of each, its id its kind. */
export const TEAM_DESTINATION_KINDS = [
  'lever',
  'ashby',
  'hubspot',
  'greenhouse',
  'workable',
  'webhook',
] as const;

/** A destination the gateway holds the key of: members send through the gateway, holding no key themselves. */
export const TeamDestination = z.looseObject({
  kind: z.enum(TEAM_DESTINATION_KINDS),
  /** Its name on every screen ("Lever", "Webhook"). */
  label: z.string(),
  /** Whom or what the key acts as, when the admin's check said ("Chandler Bing"). */
  account: z.optional(z.string()),
});
export type TeamDestination = z.infer<typeof TeamDestination>;

/**
 * What a gateway adds to its 403 when a call would pass the member's daily or monthly allowance (its `cap`, beside
 * the service's `credits_info`, which there holds the room left under the allowance, not the team's balance).
 */
export const TeamCapRefusal = z.looseObject({
  period: z.enum(['day', 'month']),
  credits: z.int(),
  spent: z.int(),
  resets_at: z.string(),
});
export type TeamCapRefusal = z.infer<typeof TeamCapRefusal>;

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
  /** The destinations members send through the gateway (absent from a gateway that holds none). */
  destinations: z.optional(z.array(TeamDestination)),
  /**
   * The privacy notice the team's admin set in the console (its template and contact line), copied from a revealed
   * contact's card; null or absent (an older gateway) when none is set: the extension's default text is used.
   */
  notice: z.optional(z.nullable(z.looseObject({ template: z.string(), contact: z.string() }))),
});
export type TeamMeResponse = z.infer<typeof TeamMeResponse>;

const text = (max: number) => z.string().check(z.maxLength(max));

/**
 * Body of `POST /v1/team/send`: the destination and who the person is, by exactly one identifier (as a lookup). The
 * gateway sends what the team holds of that person, never what a body claims: `person` is accepted from clients
 * before 1.1 and not read.
 */
export const TeamSendRequest = z
  .strictObject({
    destination: z.enum(TEAM_DESTINATION_KINDS),
    social_url: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
    candidate_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    person: z.optional(
      z.strictObject({
        name: text(300),
        emails: z.array(text(320)).check(z.maxLength(20)),
        phones: z.array(text(60)).check(z.maxLength(20)),
        profile_url: z.optional(text(1000)),
        headline: z.optional(text(500)),
        job_title: z.optional(text(300)),
        company: z.optional(text(300)),
        revealed: z.optional(z.array(z.enum(RETRIEVABLE))),
      }),
    ),
  })
  .check(
    z.refine((p) => (p.social_url === undefined) !== (p.candidate_id === undefined), {
      message: 'give exactly one of social_url or candidate_id',
    }),
  );
export type TeamSendRequest = z.infer<typeof TeamSendRequest>;

/**
 * How a send ended: a new record, the person added to one already there, one already there left as it was, updated,
 * or (a webhook) delivered. The one list: `src/send/` and the store's sent marks read it from here.
 */
export const SEND_STATUSES = ['created', 'linked', 'already-there', 'updated', 'delivered'] as const;

/** One send of a person to a destination, as the team sees it. */
export const TeamSendInfo = z.looseObject({
  destination: z.enum(TEAM_DESTINATION_KINDS),
  label: z.string(),
  status: z.enum(SEND_STATUSES),
  record_id: z.optional(z.string()),
  link: z.optional(z.string()),
  /** The member who first sent the person there. */
  sent_by: z.string(),
  /** ISO times: first sent, and last sent. */
  sent_at: z.string(),
  updated_at: z.string(),
});
export type TeamSendInfo = z.infer<typeof TeamSendInfo>;

/**
 * Answer of `POST /v1/team/send`: the team's record of the person there, and what this send did (`sent.status` is
 * what the first send did). Without `this_send` (an older gateway), the extension judges by its own marks.
 */
export const TeamSendResponse = z.looseObject({
  success: z.literal(true),
  sent: TeamSendInfo,
  this_send: z.optional(z.enum(SEND_STATUSES)),
});
export type TeamSendResponse = z.infer<typeof TeamSendResponse>;

/**
 * Body of `POST /v1/team/sent`: the people of `POST /v1/team/held`, and optionally `since` (an ISO time, the `as_of`
 * of an earlier answer) to hear only of sends made or changed after it.
 */
export const TeamSentRequest = z.strictObject({
  people: z.array(HeldPerson).check(z.minLength(1), z.maxLength(HELD_MAX_PEOPLE)),
  /** Read by the gateway as a time (it says so when it is not one); a plain string here keeps zod's ISO check out of every page. */
  since: z.optional(z.string().check(z.maxLength(40))),
});
export type TeamSentRequest = z.infer<typeof TeamSentRequest>;

/**
 * Answer of `POST /v1/team/sent`: one entry per person asked, in the order asked; `as_of` is the `since` to ask with
 * next (a few seconds early, so a send settling while this was read is not missed).
 */
export const TeamSentResponse = z.looseObject({
  success: z.literal(true),
  as_of: z.string(),
  people: z.array(
    z.looseObject({
      social_url: z.optional(z.string()),
      candidate_id: z.optional(z.string()),
      sends: z.array(TeamSendInfo),
      /**
       * True when the person is on the team's do-not-contact list (forgotten by a teammate, or listed by the admin):
       * a member's extension removes them from its vault. Absent from gateways before they kept one.
       */
      do_not_contact: z.optional(z.boolean()),
    }),
  ),
});
export type TeamSentResponse = z.infer<typeof TeamSentResponse>;

export { DNC_REASONS, type DncReasonKind } from './dnc-reasons';

/**
 * Body of `POST /v1/team/do-not-contact` (list a person) and `POST /v1/team/do-not-contact/check` (is any of these
 * listed): a profile URL, a candidate id and emails, at least one. The gateway keeps only salted hashes of them.
 */
export const TeamDncRequest = z
  .strictObject({
    social_url: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
    candidate_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    emails: z.optional(z.array(text(320)).check(z.maxLength(20))),
    /** Required to list; not read by the check. */
    reason: z.optional(z.enum(DNC_REASONS)),
  })
  .check(
    z.refine(
      (p) => p.social_url !== undefined || p.candidate_id !== undefined || (p.emails?.length ?? 0) > 0,
      { message: 'give a social_url, a candidate_id or an email' },
    ),
  );
export type TeamDncRequest = z.infer<typeof TeamDncRequest>;

/** A listed person as the gateway says it: why, who listed them, when; never whom. */
export const TeamDncEntry = z.looseObject({
  reason: z.enum(DNC_REASONS),
  added_by: z.string(),
  added_at: z.string(),
});
export type TeamDncEntry = z.infer<typeof TeamDncEntry>;

/** Answer of both: the entry (null from the check when nobody given is listed); `added` when a list made it new. */
export const TeamDncResponse = z.looseObject({
  success: z.literal(true),
  entry: z.nullable(TeamDncEntry),
  added: z.optional(z.boolean()),
});
export type TeamDncResponse = z.infer<typeof TeamDncResponse>;
/** What a member can flag wrong: the email, the phone, or the whole person (the service matched someone else). */
export const TEAM_FLAG_TARGETS = ['email', 'phone', 'person'] as const;

/**
 * Body of `POST /v1/team/flag`: who (one identifier, as a lookup), what is wrong, and whether it is (`wrong: true`,
 * with an optional note) or the flag is taken back (`wrong: false`). Free; the flag is the team's.
 */
export const TeamFlagRequest = z
  .strictObject({
    social_url: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
    candidate_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    target: z.enum(TEAM_FLAG_TARGETS),
    wrong: z.boolean(),
    note: z.optional(text(500)),
  })
  .check(
    z.refine((p) => (p.social_url === undefined) !== (p.candidate_id === undefined), {
      message: 'give exactly one of social_url or candidate_id',
    }),
  );
export type TeamFlagRequest = z.infer<typeof TeamFlagRequest>;

/** One flag of the team's, standing or taken back. */
export const TeamFlagInfo = z.looseObject({
  target: z.enum(TEAM_FLAG_TARGETS),
  /** The email or phone flagged, as the team holds it (absent for the whole person). */
  value: z.optional(z.string()),
  note: z.optional(z.string()),
  flagged_by: z.string(),
  /** ISO time. */
  flagged_at: z.string(),
  /** Who took it back, and when (ISO), when someone did. */
  unflagged_by: z.optional(z.string()),
  unflagged_at: z.optional(z.string()),
  updated_at: z.string(),
});
export type TeamFlagInfo = z.infer<typeof TeamFlagInfo>;

/** Answer of `POST /v1/team/flag`: the team's flag as it now stands. */
export const TeamFlagResponse = z.looseObject({ success: z.literal(true), flag: TeamFlagInfo });
export type TeamFlagResponse = z.infer<typeof TeamFlagResponse>;

/** Body of `POST /v1/team/flags`: the people of `POST /v1/team/sent`, and `since` alike. */
export const TeamFlagsRequest = TeamSentRequest;
export type TeamFlagsRequest = TeamSentRequest;

/** Answer of `POST /v1/team/flags`: each person's flags (changed after `since`, when given), in the order asked. */
export const TeamFlagsResponse = z.looseObject({
  success: z.literal(true),
  as_of: z.string(),
  people: z.array(
    z.looseObject({
      social_url: z.optional(z.string()),
      candidate_id: z.optional(z.string()),
      flags: z.array(TeamFlagInfo),
    }),
  ),
});
export type TeamFlagsResponse = z.infer<typeof TeamFlagsResponse>;

/**
 * Body of `POST /v1/team/forget` ("Forget this person"): who, by exactly one identifier as a lookup, and the emails
 * the member's extension holds of them (listed with the rest). The gateway lists them do-not-contact and erases them.
 */
export const TeamForgetRequest = z
  .strictObject({
    social_url: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
    candidate_id: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    emails: z.optional(z.array(text(320)).check(z.maxLength(20))),
  })
  .check(
    z.refine((p) => (p.social_url === undefined) !== (p.candidate_id === undefined), {
      message: 'give exactly one of social_url or candidate_id',
    }),
  );
export type TeamForgetRequest = z.infer<typeof TeamForgetRequest>;

/** Answer of `POST /v1/team/forget`: what the team vault held, and where the team had sent the person. */
export const TeamForgetResponse = z.looseObject({
  success: z.literal(true),
  /** Whether the team vault held the person, and how many items of them. */
  held: z.boolean(),
  items: z.number(),
  /** The destinations the team had sent them to, with the record's link (to remove them there). */
  sent: z.array(z.looseObject({ destination: z.string(), label: z.string(), link: z.nullable(z.string()) })),
});
export type TeamForgetResponse = z.infer<typeof TeamForgetResponse>;
