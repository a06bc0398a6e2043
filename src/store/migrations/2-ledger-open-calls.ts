/**
 * Store migration 2: the ledger's stored shape from version 1 to version 2 (run at the background's start by
 * `run.ts`, and on a read of version 1's bookkeeping before then). Nothing a user has is reset: a
 * step reads the earlier shape and writes the same facts in the new one.
 *
 * 1 -> 2: the bookkeeping's open calls were `{ day, id }`; they now carry when each was sent, what it belongs to,
 * the contact it was for and the most it can cost (read from the entries themselves), so cap checks, balances and a
 * restarted bulk reveal see every call in flight without reading the days. Version 1 also kept a bulk reveal's
 * "sent" lookups in a list of their own (`bulk-in-flight`); version 2 keeps them on the ledger: each becomes an
 * uncertain charge (sent, outcome unknown) of the job, which its resume and the next balance then settle.
 */
import * as z from 'zod/mini';
import { maxCostOfItems } from '../../api/pricing';
import type { Retrievable } from '../../api/schema-parts';
import { BalanceEntry, type ChargeEntry, type LedgerEntry, openCallOf } from '../../ledger/entry';
import type { LedgerMetaV2 } from './4-ledger-day-parts';

/** The bookkeeping as version 1 stored it. */
export const LedgerMetaV1 = z.object({
  v: z.literal(1),
  days: z.array(z.string()),
  lastBalance: z.nullable(BalanceEntry),
  anchor: z.nullable(BalanceEntry),
  open: z.array(z.object({ day: z.string(), id: z.string() })),
});

/**
 * Version 1 bookkeeping in version 2's shape (null when `raw` is not version 1). An open call whose entry is no
 * longer there (or no longer uncertain) is dropped: there is nothing left to settle.
 */
export async function upgradeMeta(
  raw: unknown,
  read: (days: readonly string[]) => Promise<Map<string, LedgerEntry[]>>,
): Promise<LedgerMetaV2 | null> {
  const v1 = z.safeParse(LedgerMetaV1, raw);
  if (!v1.success) return null;
  const { days, lastBalance, anchor, open } = v1.data;
  const entries = await read([...new Set(open.map((call) => call.day))]);
  const calls = open.flatMap(({ day, id }) => {
    const entry = entries.get(day)?.find((e) => e.id === id);
    return entry?.kind === 'charge' && entry.state === 'uncertain' ? [openCallOf(entry, day)] : [];
  });
  return { v: 2, days, lastBalance, anchor: calls.length > 0 ? anchor : null, open: calls };
}

/** A bulk reveal's "sent" list as version 1 stored it (`local:bulk-in-flight`). */
export const BulkInFlightV1 = z.object({ jobId: z.string(), keys: z.array(z.string()) });

/**
 * Version 1's "sent" lookups of a bulk reveal as version 2's ledger entries: each an uncertain lookup of the job
 * (sent, outcome unknown) at the most its items can cost, dated when the job last wrote (the latest it can have
 * been sent). A list for another job than `job` (or no job) is dropped: that job ended and settled its contacts.
 */
export function inFlightEntries(
  raw: unknown,
  job: {
    id: string;
    createdAt: string;
    items: ReadonlyArray<{ key: string; name: string; asked?: Retrievable[] | undefined }>;
    selection: Retrievable[];
  } | null,
  at: string,
): ChargeEntry[] {
  const list = z.safeParse(BulkInFlightV1, raw);
  if (!list.success || !job || list.data.jobId !== job.id) return [];
  const byKey = new Map(job.items.map((item) => [item.key, item]));
  return list.data.keys.flatMap((key) => {
    const item = byKey.get(key);
    if (!item) return [];
    const entry: ChargeEntry = {
      kind: 'charge',
      id: crypto.randomUUID(),
      at,
      action: 'bulk-reveal',
      items: [],
      credits: 0,
      maxCredits: maxCostOfItems(item.asked ?? job.selection),
      state: 'uncertain',
      ref: job.id,
      label: item.name,
      subject: key,
    };
    return [entry];
  });
}
