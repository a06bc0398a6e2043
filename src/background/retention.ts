/**
 * The vault's retention period: contacts last updated longer ago than the setting are removed. Chrome's service
 * worker restarts often and purges at each start; Firefox's background page can live for days, so the purge also
 * runs every few hours, and at once when the period is shortened.
 */
import { settings, vault } from '../storage';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;

/** Removes the contacts older than the retention period; returns how many. */
export async function purgeExpired(now = Date.now()): Promise<number> {
  const { retentionDays } = await settings.get();
  return vault.purgeOlderThan(new Date(now - retentionDays * DAY_MS));
}

/** Purges now, every few hours, and whenever the retention period changes. */
export function keepRetention(report: (error: unknown) => void): void {
  const run = () => void purgeExpired().catch(report);
  run();
  setInterval(run, EVERY_MS);
  let days: number | null = null;
  settings.watch(({ retentionDays }) => {
    if (retentionDays !== days) run();
    days = retentionDays;
  });
}
