/**
 * A revealed contact as the vault keeps it, and the rules every context applies to it: which vault key a target
 * has, and which items of a selection must still be asked for.
 */
import * as z from 'zod/mini';
import { NpiData, type Retrievable } from '../../../api/schema-parts';
import { itemsToCheckAgain } from './vault-age';
import { ContactFlags, flaggedSinceBought, Observation } from './vault-flags';
import { NoticeRecord } from './vault-notice';

/** An item the service was asked for: found (with its value) or not, and when. */
const foundOrNot = <T extends z.ZodMiniType>(value: T) =>
  z.union([
    z.object({ found: z.literal(true), value, at: z.string() }),
    z.object({ found: z.literal(false), at: z.string() }),
  ]);

export const DetailedProfile = z.object({
  skills: z.array(z.unknown()),
  experience: z.array(z.unknown()),
  education: z.array(z.unknown()),
  job_history: z.array(z.unknown()),
});
export type DetailedProfile = z.infer<typeof DetailedProfile>;

/** One revealed (or looked-for) contact. Keyed by canonical social_url, or `id:<candidate id>` when there is none. */
export const ContactRecord = z.object({
  v: z.literal(1),
  key: z.string(),
  socialUrl: z.nullable(z.string()),
  candidateId: z.nullable(z.string()),
  name: z.nullable(z.string()),
  currentTitle: z.nullable(z.string()),
  currentEmployer: z.nullable(z.string()),
  /** Where the person is, as the search row or the profile page said (the service's lookup answers none). */
  location: z.optional(z.string()),
  email: z.optional(foundOrNot(z.string())),
  phone: z.optional(foundOrNot(z.string())),
  detailed_profile: z.optional(foundOrNot(DetailedProfile)),
  healthcare_profile: z.optional(foundOrNot(NpiData)),
  /** The service did not know this candidate (per-contact 404), and when. */
  unknownAt: z.optional(z.string()),
  /** Items flagged wrong after the reveal, and flags taken back (`vault-flags.ts`). */
  flags: z.optional(ContactFlags),
  /** The newest title and employer LinkedIn showed that differ from those revealed (`vault-flags.ts`). */
  observed: z.optional(Observation),
  /** When this browser copied the person's privacy notice (`vault-notice.ts` says why it is kept on the record). */
  notice: z.optional(NoticeRecord),
  updatedAt: z.string(),
});
export type ContactRecord = z.infer<typeof ContactRecord>;
export type ItemState = NonNullable<ContactRecord[Retrievable]>;

/**
 * The items of a selection the service must be asked for: not held, not known missing unless the user chose to ask
 * again, or flagged wrong since they were bought; and, when the user clicked "Check again" (`checkAgainMonths`, the
 * setting in force), held items bought longer ago than that. The one rule the background's reveal, the popup's cost
 * and the side panel's row buttons all apply.
 */
export function itemsToAsk(
  record: ContactRecord | null | undefined,
  selection: readonly Retrievable[],
  retryNotFound = false,
  checkAgainMonths = 0,
): Retrievable[] {
  const flagged = (item: Retrievable) => !!record && flaggedSinceBought(record, item);
  const old = itemsToCheckAgain(record, selection, checkAgainMonths, flagged);
  return selection.filter((item) => {
    const state = record?.[item];
    return state === undefined || (!state.found && retryNotFound) || flagged(item) || old.includes(item);
  });
}

/** A vault target: a canonical social_url, a candidate id, or both. */
export type VaultTarget = { socialUrl?: string | null; candidateId?: string | null };

/** Vault key for a target: the canonical social_url wins; an id-only contact is `id:<candidate id>`. */
export const vaultKeyFor = (target: VaultTarget): string =>
  target.socialUrl ? target.socialUrl : `id:${target.candidateId}`;
