/**
 * What a user (or a teammate) said about a contact's data after buying it: an item flagged wrong, and a job change
 * the LinkedIn page showed since the reveal. Kept on the contact's record (`vault-record.ts`) as optional fields, so
 * a record written before they existed reads unchanged, and one written with them reads in full.
 */
import * as z from 'zod/mini';

/** What can be flagged wrong: the email, the phone, or the whole contact (the service matched another person). */
export const FLAG_TARGETS = ['email', 'phone', 'person'] as const;
export type FlagTarget = (typeof FLAG_TARGETS)[number];

/** Who and when, for a flag and for its taking back. `by` is a teammate's name; absent, the user of this browser. */
const Said = { at: z.string(), by: z.optional(z.string()) };

/** One flag. Taking it back keeps it, marked `unflagged`, so the unflag is as visible as the flag was. */
export const Flag = z.object({
  ...Said,
  /** The user's own words about it ("bounced on 2 Dec"). */
  note: z.optional(z.string()),
  /**
   * The address or number flagged: a later reveal that brings another value is not taken for the flagged one.
   * Absent for "Wrong person".
   */
  value: z.optional(z.string()),
  unflagged: z.optional(z.object(Said)),
});
export type Flag = z.infer<typeof Flag>;

export const ContactFlags = z.object({
  email: z.optional(Flag),
  phone: z.optional(Flag),
  person: z.optional(Flag),
});
export type ContactFlags = z.infer<typeof ContactFlags>;

/**
 * A difference between what was revealed and what the person's LinkedIn page (or a list row) showed later, read for
 * free from the page: the title and employer the page showed, and when.
 */
export const Observation = z.object({
  title: z.nullable(z.string()),
  employer: z.nullable(z.string()),
  at: z.string(),
  /** A teammate's name when the gateway shared it; absent when seen in this browser. */
  by: z.optional(z.string()),
  /** The destinations told of it ("Update in Lever"): which (its id), and when. */
  noted: z.optional(z.array(z.object({ destination: z.string(), at: z.string() }))),
});
export type Observation = z.infer<typeof Observation>;

/**
 * True when a flag made after `item` was bought still stands on it (its own flag on the value held, or "Wrong
 * person"): the item is no longer counted as held, so a price offers it again and a reveal buys it again, once
 * (bought again after the flag, it is held whatever the service gave). The rule `src/domain/flags.ts` applies, kept
 * here for `itemsToAsk`, which every price and reveal shares.
 */
export function flaggedSinceBought(
  record: { flags?: ContactFlags | undefined } & Partial<
    Record<'email' | 'phone' | 'detailed_profile' | 'healthcare_profile', unknown>
  >,
  item: 'email' | 'phone' | 'detailed_profile' | 'healthcare_profile',
): boolean {
  const state = record[item] as { found: boolean; value?: unknown; at: string } | undefined;
  if (!state?.found) return false;
  const covers = (flag: Flag | undefined, own: boolean) =>
    !!flag &&
    !flag.unflagged &&
    (!own || flag.value === undefined || flag.value === state.value) &&
    flag.at > state.at;
  const own = item === 'email' || item === 'phone' ? record.flags?.[item] : undefined;
  return covers(own, true) || covers(record.flags?.person, false);
}
