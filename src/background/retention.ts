/**
 * The vault's retention period: contacts last updated longer ago than the setting are removed. Chrome's service
 * worker restarts often (it stops after ~30 s idle, so most openings of the popup wake it); Firefox's background
 * page can live for days, so the purge also runs every few hours, and at once when the period is shortened.
 *
 * A start must cost milliseconds whatever the vault holds, so retention never reads the vault to find what expired:
 * it reads the library index's oldest change per shard (one small value), opens only the shards holding a contact
 * past the period (none, on most starts), and removes those contacts in small batches with pauses between them, a
 * few seconds after the start, so the reads of a popup that woke the worker are never queued behind it.
 */
import { contactsIndex } from '../contacts-index';
import { settings } from '../store/settings';
import { vaultRetention } from '../store/vault-retention';
import { contactsIndexWriter } from './contacts-index-writer';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;
/** How long after a start the first pass waits: past the reads of the page that woke the worker. */
export const START_DELAY_MS = 3_000;
/** Contacts read and removed per storage call: a few hundred KB, never the vault. */
export const BATCH = 200;
/** The pause before each batch, so a page's reads between batches wait for one batch at most. */
const PAUSE_MS = 25;

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

/**
 * Removes the contacts older than the retention period, and the set-aside copies of unreadable ones; returns how
 * many contacts. Works from the library's index (`src/contacts-index.ts`); until the index is built (the
 * background builds it at its first start after an upgrade) there is nothing to work from and nothing is removed.
 */
export async function purgeExpired(now = Date.now()): Promise<number> {
  const { retentionDays } = await settings.get();
  const cutoff = new Date(now - retentionDays * DAY_MS);
  const removed = await purgeContacts(cutoff);
  await vaultRetention.purgeSetAsidesBefore(cutoff);
  return removed;
}

/** The contacts part of {@link purgeExpired}: from the index's oldest changes, the shards past the period. */
async function purgeContacts(cutoff: Date): Promise<number> {
  let oldest = await contactsIndex.oldest();
  if (!oldest) {
    if (!(await contactsIndex.built())) return 0;
    await contactsIndexWriter.ensureSummaries();
    oldest = await contactsIndex.oldest();
    if (!oldest) return 0;
  }
  let removed = 0;
  for (const [shard, since] of oldest.entries()) {
    if (since >= cutoff.getTime()) continue;
    const dates = await contactsIndex.datesIn(shard);
    const expired = [...dates].flatMap(([key, updated]) =>
      updated > 0 && updated < cutoff.getTime() ? [key] : [],
    );
    for (let at = 0; at < expired.length; at += BATCH) {
      await pause();
      const result = await vaultRetention.purgeOlderThan(cutoff, expired.slice(at, at + BATCH));
      removed += result.removed.length;
      // Lines the index held wrongly (a record changed or gone meanwhile) are put right, so the shard's oldest
      // change moves on and the next pass does not open it again for them.
      if (result.kept.length > 0 || result.missing.length > 0) {
        await contactsIndexWriter.change(result.kept, result.missing);
      }
    }
  }
  return removed;
}

/**
 * Purges a few seconds after the start (once `indexed`, the index's own start-up work, has settled), every few
 * hours, and whenever the retention period changes; one pass at a time (a pass asked for meanwhile runs after it).
 * The promise settles when the start's pass is done.
 */
export function keepRetention(report: (error: unknown) => void, indexed: Promise<unknown>): Promise<void> {
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
  return Promise.all([started, indexed.catch(() => undefined)]).then(run);
}
