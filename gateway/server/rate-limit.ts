/**
 * A per-member limit on the gateway's free team endpoints (`team/me`, `team/held`, `team/sent`, `team/send`): they
 * cost the team no credits, so nothing else stops one member's key (or a script holding it) from reading the team's
 * vault and send history as fast as the database answers, or sending the whole vault to an ATS in a loop.
 *
 * A sliding window of one minute, counted in this instance's memory: with several instances behind a load balancer
 * a member may reach the limit once per instance, which still bounds a runaway client. The paid endpoints have their
 * own limit in the member's credit caps.
 */
export interface RateLimit {
  /** Null when `member` may go on now; else how long to wait (ms) before asking again. */
  take(member: number, at?: number): number | null;
}

const WINDOW_MS = 60_000;

/** At most `perMinute` requests per member in any minute. */
export function rateLimit(perMinute: number): RateLimit {
  const seen = new Map<number, number[]>();
  let sweepAt = 0;
  return {
    take(member, at = Date.now()) {
      // Members idle for a minute are forgotten now and then, so the map holds only the active ones.
      if (at > sweepAt) {
        for (const [id, times] of seen) if ((times.at(-1) ?? 0) <= at - WINDOW_MS) seen.delete(id);
        sweepAt = at + WINDOW_MS;
      }
      const times = (seen.get(member) ?? []).filter((t) => t > at - WINDOW_MS);
      if (times.length >= perMinute) {
        seen.set(member, times);
        return Math.max(1, times[0]! + WINDOW_MS - at);
      }
      times.push(at);
      seen.set(member, times);
      return null;
    },
  };
}
