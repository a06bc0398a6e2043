/**
 * The vault's retention, by region (`src/retention/rules.ts`): every contact last updated longer ago than the setting
 * is removed, and one under the EU rule (the EU, the EEA, the UK, Switzerland, or an unknown location) 30 days after
 * unless it was sent to a destination. Chrome's service
 * worker restarts often (it stops after ~30 s idle, so most openings of the popup wake it); Firefox's background
 * page can live for days, so the purge also runs every few hours, and at once when the period is shortened.
 *
 * A contact whose record no longer reads is never removed (`vault-retention.ts`): it is kept, and said where it is
 * shown, until the user chooses.
 *
 * A start costs a step of the vault's `updatedAt` index per range whatever the vault holds (nothing expired, on most
 * starts, and the contacts kept past the EU rule's 30 days are read once, not at every start);
 * expired contacts are removed in small batches with pauses between them, a few seconds after the start, so the reads
 * of a popup that woke the worker are never queued behind it.
 */
import { EU_RULE_DAYS, removalOf } from '../../retention/rules';
import {
  type Removable,
  type RetentionPlace,
  vaultRetention,
} from '../../store/database/vault/vault-retention';
import { retentionChecked } from '../../store/items/retention-checked';
import { settings } from '../../store/items/settings';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;
/** How long after a start the first pass waits: past the reads of the page that woke the worker. */
export const START_DELAY_MS = 3_000;
/** Contacts removed per transaction. */
export const BATCH = 200;
/** The pause before each further batch, so a page's reads between batches wait for one batch at most. */
const PAUSE_MS = 25;

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

/**
 * Removes the contacts a rule removes by `now`; returns how many. Two ranges of the `updatedAt` index: before the
 * general period (every contact there is due), and between it and the EU rule's 30 days only what a complete pass has
 * not checked yet ({@link retentionChecked}): a start reads the contacts that crossed the 30 days since the last pass,
 * not every older contact kept (outside the EU, or sent) again.
 */
export async function purgeExpired(now = Date.now()): Promise<number> {
  const { retentionDays } = await settings.get();
  const due: Removable = (record, sent) => {
    const removal = removalOf(
      { location: record.location, since: new Date(record.updatedAt), sent },
      retentionDays,
    );
    return removal !== null && removal.at.getTime() <= now;
  };
  const general = new Date(now - retentionDays * DAY_MS);
  const eu = new Date(now - EU_RULE_DAYS * DAY_MS);
  let removed = await purgeRange(null, general, due);
  if (eu > general) {
    const checked = await retentionChecked.get();
    const from = checked && checked > general.toISOString() ? checked : general.toISOString();
    // Nothing crossed the 30 days since the last pass (or the clock went back): no range to read.
    if (from < eu.toISOString()) removed += await purgeRange({ updatedAt: from, key: '' }, eu, due);
    // Only a pass that reached the end moves the mark: one cut short is read again from where it began.
    await retentionChecked.set(eu.toISOString());
  }
  return removed;
}

/** Removes the due contacts last updated from `start` (the oldest, when null) to before `cutoff`, in batches. */
async function purgeRange(start: RetentionPlace | null, cutoff: Date, due: Removable): Promise<number> {
  let removed = 0;
  let after = start;
  for (;;) {
    const batch = await vaultRetention.purgeOlderThan(cutoff, BATCH, after, due);
    removed += batch.removed;
    if (!batch.next) return removed;
    after = batch.next;
    await pause();
  }
}

/**
 * Purges a few seconds after the start, every few hours, and whenever the retention period changes; one pass at a
 * time (a pass asked for meanwhile runs after it). The promise settles when the start's pass is done.
 */
export function keepRetention(report: (error: unknown) => void): Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await purgeExpired().catch(report);
      } while (again);
      running = null;
    })();
    return running;
  };
  const started = new Promise((resolve) => setTimeout(resolve, START_DELAY_MS));
  setInterval(() => void run(), EVERY_MS);
  let days: number | null = null;
  settings.watch(({ retentionDays }) => {
    if (retentionDays !== days) void run();
    days = retentionDays;
  });
  return started.then(run);
}
