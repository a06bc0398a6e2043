/**
 * A bulk reveal as stored: the one job the background runs for many contacts, each contact's state, and the quote it
 * was confirmed with. The store's own schemas (`bulk-jobs.ts` reads and writes them), so the store imports no rule;
 * what a job means (its progress, when it is active) is `src/bulk/job.ts`, which re-exports these.
 */
import * as z from 'zod/mini';
import { Selection } from '../items/settings';

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
  /**
   * On a do-not-contact list (the team's, or this browser's): skipped, never looked up, nothing on the ledger, no
   * credits. Stored with the state `failed` ("not revealed, nothing charged"), which every reader of the job store
   * already takes: a new state would be a new stored value that a reader of the shape before refuses, and the
   * database's layout steps are not this job's to add; an optional field is read as absent by it (as `spend.lost`).
   */
  listed: z.optional(z.enum(['team', 'local'])),
  /**
   * A single reveal of the contact got no answer and its charge is not settled, and this job would ask some of its
   * items: skipped, never looked up, no credits (state `failed`, as `listed`), so it is not asked again unchecked.
   */
  heldBack: z.optional(z.literal(true)),
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
      /**
       * The lookups whose answers never came (on the ledger, settled by the balance or still not known), and what
       * the balance settled them at so far. Absent on receipts written before it was kept.
       */
      lost: z.optional(z.object({ calls: z.int(), credits: z.int() })),
      /**
       * Checked through a team gateway: its balance is the team's (teammates spend from it too), so the lookups not
       * known stay so for good. Absent otherwise, and on receipts written before it was kept.
       */
      team: z.optional(z.literal(true)),
    }),
  ),
  items: z.array(BulkItem),
});
export type BulkJob = z.infer<typeof BulkJob>;
