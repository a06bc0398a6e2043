/**
 * Which cut-off reveals of one contact still hold back asking again: the rule the popup and the background apply
 * alike. A reveal that got no answer may have been charged; until its charge is settled ("not charged", "charged
 * N"), asking again for any of its items is a separate choice made after its check. A later reveal of the contact
 * takes over the items it went on to ask (its own outcome then says what they cost), so an unrelated reveal in
 * between (the email, after a phone reveal was cut off) does not lift the hold.
 */
import type { RevealJob } from '../store/items/reveal-jobs';
import { outcomeUnknown } from '../store/items/reveal-jobs';
import { cutOffSettled } from './outage';

/** A cut-off reveal still unsettled, and those of its items no later reveal of the contact went on to ask. */
export interface HeldBack {
  job: RevealJob;
  items: RevealJob['requested'];
}

/**
 * The unsettled cut-off reveals among `jobs` (one contact's, newest first, each as it is now: a running one whose
 * worker is gone given as cut off), newest first, each with the items it still holds back.
 */
export function heldBackBy(jobs: readonly RevealJob[]): HeldBack[] {
  const out: HeldBack[] = [];
  /** Items a reveal newer than the one looked at asked for, and that went out (answered, or itself cut off). */
  const askedSince = new Set<string>();
  for (const job of jobs) {
    if (outcomeUnknown(job) && !cutOffSettled(job)) {
      const items = job.requested.filter((item) => !askedSince.has(item));
      if (items.length > 0) out.push({ job, items });
    }
    // A refusal (nothing sent, nothing charged) takes nothing over: the cut-off call's charge is still not known.
    if (job.status === 'done' || outcomeUnknown(job)) for (const item of job.requested) askedSince.add(item);
  }
  return out;
}
