/**
 * The stored team membership (the options page and the background read it): apart from `storage.ts` so that the
 * pages that never show it (side panel, library) do not carry its schema.
 */
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { validated } from './storage';

/**
 * When the saved connection is a team gateway rather than the service itself: who the member key belongs to, the
 * member's allowance and spend, as the gateway's `GET /v1/team/me` last said (free). Null when the connection is the
 * service directly. Its own item, version 1 from the start: nothing stored before it changes shape.
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
});
export type TeamMembership = z.infer<typeof TeamMembership>;

const teamItem = storage.defineItem<unknown>('local:team-membership', { fallback: null, version: 1 });
const readTeam = validated(z.nullable(TeamMembership), null, 'team membership', 'team-membership');

export const teamMembership = {
  async get(): Promise<TeamMembership | null> {
    return readTeam(await teamItem.getValue());
  },
  async set(value: TeamMembership | null): Promise<void> {
    await teamItem.setValue(value === null ? null : TeamMembership.parse(value));
  },
  watch(cb: (value: TeamMembership | null) => void) {
    return teamItem.watch((value) => cb(readTeam(value)));
  },
};
