/**
 * A bulk reveal as stored: the one job the background runs for many contacts, and the receipts of finished ones.
 * The background writes it before its first request and after every change of a contact's state; the side panel
 * and the toolbar badge only read it. Its stored shape is `src/store/database/bulk-job.ts`, its storage `src/store/database/bulk-jobs.ts`;
 * here are the rules read from it.
 */
import type { Retrievable } from '../api/schema-parts';
import { BULK_ITEM_STATES, type BulkItemState, type BulkJob, type PerItem } from '../store/database/bulk-job';

export {
  BULK_ITEM_STATES,
  BULK_STATUSES,
  BulkItem,
  type BulkItemState,
  BulkJob,
  BulkQuote,
  type BulkStatus,
  BulkTarget,
  type PerItem,
} from '../store/database/bulk-job';

/** States that end a contact's part of the job: all but waiting and under way. */
export const SETTLED: ReadonlySet<BulkItemState> = new Set(
  BULK_ITEM_STATES.filter((state) => state !== 'queued' && state !== 'running'),
);

/** The most contacts one job takes (10 pages of 100 results). */
export const BULK_MAX_CONTACTS = 1000;

// ---------------------------------------------------------------------------------------------------------------
// Figures derived from a job (the panel, the badge and the receipt all read these)
// ---------------------------------------------------------------------------------------------------------------

export interface BulkProgress {
  total: number;
  settled: number;
  /** Contacts by state; a contact skipped for a do-not-contact list is counted in `skipped`, not in `failed`. */
  counts: Record<BulkItemState, number>;
  /** Contacts skipped, never looked up and never charged: on the team's, or this browser's, do-not-contact list. */
  skipped: Record<'team' | 'local', number>;
  /** Contacts skipped because a single reveal of theirs got no answer and is not settled (`BulkItem.heldBack`). */
  heldBack: number;
  /**
   * Contacts whose answer was charged but could not be stored (a full disk): counted in `counts.failed` too, and said
   * apart from the failures that cost nothing.
   */
  notKept: number;
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
  const skipped = { team: 0, local: 0 };
  let heldBack = 0;
  let notKept = 0;
  let charged = 0;
  let found = 0;
  for (const item of job.items) {
    if (item.listed) skipped[item.listed]++;
    else if (item.heldBack) heldBack++;
    else counts[item.state]++;
    if (item.state === 'failed' && (item.charged ?? 0) > 0) notKept++;
    charged += item.charged ?? 0;
    if ((item.retrieved?.length ?? 0) > 0) found++;
    for (const got of item.retrieved ?? []) chargedByItem[got] += price[got];
  }
  const settled = job.items.filter((item) => SETTLED.has(item.state)).length;
  return {
    total: job.items.length,
    settled,
    counts,
    skipped,
    heldBack,
    notKept,
    charged,
    chargedByItem,
    found,
  };
}

export const isActive = (job: BulkJob | null): boolean =>
  job !== null && (job.status === 'running' || job.status === 'paused');
