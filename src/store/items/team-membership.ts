/**
 * The stored team membership (the options page and the background read it): apart from the account so that the
 * pages that never show it (side panel, library) do not carry its schema.
 */
import * as z from 'zod/mini';
import { DESTINATION_KINDS, showTeamDestinations } from './destination-hints';
import { defineStored } from './item';
import { KEYS } from './keys';

/**
 * When the saved service connection is a team gateway rather than the service itself: who the member key belongs to,
 * the member's allowance and spend, as the gateway's `GET /v1/team/me` last said (free). Null when the service
 * connection is the service directly. Its own item, version 1 from the start: nothing stored before it changes shape.
 */
export const TeamMembership = z.object({
  member: z.string(),
  team: z.string(),
  /** Credits a day / a month (UTC), null when the member has no such cap. */
  dailyCap: z.nullable(z.int()),
  monthlyCap: z.nullable(z.int()),
  spentToday: z.int(),
  spentThisMonth: z.int(),
  /** ISO times the daily and monthly allowances start afresh. */
  dailyResets: z.string(),
  monthlyResets: z.string(),
  checkedAt: z.string(),
  /** The gateway's time up to which what teammates sent is marked here (the next question asks from it). */
  sendsSeen: z.optional(z.string()),
  /** The gateway's time up to which teammates' flags of data wrong are kept here (the next question asks from it). */
  flagsSeen: z.optional(z.string()),
  /** The destinations the gateway holds the keys of: contacts are sent to them through the gateway. */
  /** The team's privacy notice (`src/privacy/notice.ts`), when its admin set one. */
  notice: z.optional(z.object({ template: z.string(), contact: z.string() })),
  destinations: z.optional(
    z.array(
      z.object({ kind: z.enum(DESTINATION_KINDS), label: z.string(), account: z.optional(z.string()) }),
    ),
  ),
});
export type TeamMembership = z.infer<typeof TeamMembership>;

const teamItem = defineStored({
  key: KEYS.teamMembership,
  schema: z.nullable(TeamMembership),
  fallback: null,
  label: 'team membership',
  version: 1,
});

export const teamMembership = {
  get: (): Promise<TeamMembership | null> => teamItem.get(),
  /**
   * Stores the membership (keeping how far teammates' sends were marked, for the same member of the same team), and
   * shows the destinations its gateway holds (none when there is no membership).
   */
  async set(value: TeamMembership | null): Promise<void> {
    const before =
      value && (value.sendsSeen === undefined || value.flagsSeen === undefined) ? await teamItem.get() : null;
    const same = before && before.team === value?.team && before.member === value.member;
    await teamItem.set(
      same && value
        ? {
            ...value,
            ...(value.sendsSeen === undefined && before.sendsSeen ? { sendsSeen: before.sendsSeen } : {}),
            ...(value.flagsSeen === undefined && before.flagsSeen ? { flagsSeen: before.flagsSeen } : {}),
          }
        : value,
    );
    await showTeamDestinations(value?.team ?? null, value?.destinations ?? []);
  },
  watch: (cb: (value: TeamMembership | null) => void) => teamItem.watch(cb),
};
