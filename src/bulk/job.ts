/**
 * A bulk reveal as stored: the one job the background runs for many contacts, and the receipts of finished ones.
 * The background writes it before its first request and after every change of a contact's state; the side panel
 * and the toolbar badge only read it. Its storage is `src/store/bulk-jobs.ts`.
 */
import * as z from 'zod/mini';
import type { Retrievable } from '../api/schema-parts';
import { Selection } from '../store/settings';

/** Where one contact of the job stands. */
export const BULK_ITEM_STATES = [
  /** Waiting for a free slot (or for the job to be resumed). */
  'queued',
  /** A lookup was sent and has not answered. After a restart such a contact becomes `may-have-charged`. */
  'running',
  /** At least one item was found and charged. */
  'revealed',
  /** The service knows the contact but had none of the items asked for (nothing charged). */
  'nothing-found',
  /** The service does not know this contact (nothing charged). */
  'not-found',
  /** Everything asked for was already in the vault: no request, nothing charged. */
  'held',
  /** The lookup failed in a way that charges nothing (an error answer). */
  'failed',
  /** No readable answer came back (timeout, dropped connection, restart mid-request): it may have been charged. */
  'may-have-charged',
] as const;
export type BulkItemState = (typeof BULK_ITEM_STATES)[number];

/** States that end a contact's part of the job: all but waiting and under way. */
export const SETTLED: ReadonlySet<BulkItemState> = new Set(
  BULK_ITEM_STATES.filter((state) => state !== 'queued' && state !== 'running'),
);

export const BulkTarget = z.object({
  socialUrl: z.nullable(z.string()),
  candidateId: z.nullable(z.string()),
});
export type BulkTarget = z.infer<typeof BulkTarget>;

export const BulkItem = z.object({
  /** The vault key the contact is held under (canonical social_url, or `id:<candidate id>`). */
  key: z.string(),
  target: BulkTarget,
  /** Display hints from the row the user selected. */
  name: z.string(),
  title: z.optional(z.string()),
  employer: z.optional(z.string()),
  location: z.optional(z.string()),
  state: z.enum(BULK_ITEM_STATES),
  /** Items asked of the service (only what the vault lacked when the lookup started). */
  asked: z.optional(Selection),
  /** Items the service returned. */
  retrieved: z.optional(Selection),
  /** Credits the service charged for this contact (`credits.used`). */
  charged: z.optional(z.int()),
  /** Why it failed, or why it may have been charged, in words a recruiter reads. */
  problem: z.optional(z.string()),
});
export type BulkItem = z.infer<typeof BulkItem>;

export const BULK_STATUSES = ['running', 'paused', 'done', 'cancelled', 'stopped'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

const PerItem = z.object({
  email: z.int(),
  phone: z.int(),
  detailed_profile: z.int(),
  healthcare_profile: z.int(),
});
export type PerItem = z.infer<typeof PerItem>;

export const BulkQuote = z.object({
  /** Contacts in the job (after merging rows that are the same person). */
  contacts: z.int(),
  /** Contacts whose chosen items are all held already: 0 credits. */
  held: z.int(),
  /** Contacts to look up. */
  toAsk: z.int(),
  /** The most each item can cost across the job (every item found). */
  maxByItem: PerItem,
  max: z.int(),
});
export type BulkQuote = z.infer<typeof BulkQuote>;

export const BulkJob = z.object({
  id: z.string(),
  selection: Selection,
  quote: BulkQuote,
  /** The user chose to run although the maximum is above the balance: stop starting lookups when it runs out. */
  stopWhenOut: z.boolean(),
  status: z.enum(BULK_STATUSES),
  /** Why a job ended before its queue did, in a recruiter's words (out of credits, key refused, cancelled). */
  stopReason: z.optional(z.string()),
  /** The service asked us to slow down: no lookup starts before this time. */
  waitUntil: z.optional(z.string()),
  /** Which service worker runs it (a restarted worker takes over and settles what the old one had in flight). */
  owner: z.string(),
  createdAt: z.string(),
  finishedAt: z.optional(z.string()),
  /** Known balance when the job was confirmed, and the free account call's answer when it ended. */
  balanceBefore: z.nullable(z.int()),
  balanceAfter: z.optional(z.nullable(z.int())),
  /**
   * What the ledger holds for the job (written when it ends and at each check of the balance after): credits
   * charged (settled by answers, or by the balance), and the lookups still not known with the most they may cost.
   * The receipt's total; `shared`: part of the charge was settled as a group whose split cannot be told.
   */
  spend: z.optional(
    z.object({
      charged: z.int(),
      uncertain: z.int(),
      uncertainMax: z.int(),
      shared: z.boolean(),
    }),
  ),
  items: z.array(BulkItem),
});
export type BulkJob = z.infer<typeof BulkJob>;

/** The most contacts one job takes (10 pages of 100 results). */
export const BULK_MAX_CONTACTS = 1000;

// ---------------------------------------------------------------------------------------------------------------
// Figures derived from a job (the panel, the badge and the receipt all read these)
// ---------------------------------------------------------------------------------------------------------------

export interface BulkProgress {
  total: number;
  settled: number;
  counts: Record<BulkItemState, number>;
  /** Credits charged so far, in all and by item (derived from what the service returned). */
  charged: number;
  chargedByItem: PerItem;
  /** Contacts with at least one item found (email, phone…) — what a recruiter calls "found". */
  found: number;
}

const zeroPerItem = (): PerItem => ({ email: 0, phone: 0, detailed_profile: 0, healthcare_profile: 0 });

/** Counts, charges and found contacts of a job. */
export function bulkProgress(job: BulkJob, price: Readonly<Record<Retrievable, number>>): BulkProgress {
  const counts = Object.fromEntries(BULK_ITEM_STATES.map((s) => [s, 0])) as Record<BulkItemState, number>;
  const chargedByItem = zeroPerItem();
  let charged = 0;
  let found = 0;
  for (const item of job.items) {
    counts[item.state]++;
    charged += item.charged ?? 0;
    if ((item.retrieved?.length ?? 0) > 0) found++;
    for (const got of item.retrieved ?? []) chargedByItem[got] += price[got];
  }
  const settled = job.items.filter((item) => SETTLED.has(item.state)).length;
  return { total: job.items.length, settled, counts, charged, chargedByItem, found };
}

export const isActive = (job: BulkJob | null): boolean =>
  job !== null && (job.status === 'running' || job.status === 'paused');
