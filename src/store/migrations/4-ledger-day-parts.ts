/**
 * Store migration 4: the ledger's stored shape from version 2 to version 3 (run at the background's start by
 * `run.ts`, and on a read of earlier bookkeeping before then).
 *
 * 2 -> 3: version 2 kept each day whole under `ledger:day:<day>` and rewrote it whole on every append (tens of KB on
 * a busy day, for an entry of a few hundred bytes); version 3 keeps a day in parts of bounded size, its first part
 * under that same key. A version 2 day is therefore a version 3 day of one part, and no entry moves: the bookkeeping
 * gains how many parts each day has (none said: one). Its open calls do not say which part their entry is in, so
 * the one that settles them looks through their day.
 */
import * as z from 'zod/mini';
import { BalanceEntry, type LedgerEntry, OpenCall } from '../../ledger/entry';
import type { LedgerMeta } from '../ledger';
import { upgradeMeta } from './2-ledger-open-calls';

/** The bookkeeping as version 2 stored it. */
export const LedgerMetaV2 = z.object({
  v: z.literal(2),
  days: z.array(z.string()),
  lastBalance: z.nullable(BalanceEntry),
  anchor: z.nullable(BalanceEntry),
  open: z.array(OpenCall),
});
export type LedgerMetaV2 = z.infer<typeof LedgerMetaV2>;

/**
 * Bookkeeping of version 1 or 2 in version 3's shape (null when `raw` is neither). `read` reads whole days of the
 * earlier shape (version 1's open calls are filled in from their entries).
 */
export async function metaToV3(
  raw: unknown,
  read: (days: readonly string[]) => Promise<Map<string, LedgerEntry[]>>,
): Promise<LedgerMeta | null> {
  const v2 = z.safeParse(LedgerMetaV2, raw);
  const before = v2.success ? v2.data : await upgradeMeta(raw, read);
  return before ? { ...before, v: 3, parts: {} } : null;
}
