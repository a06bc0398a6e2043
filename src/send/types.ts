/**
 * The one small interface every destination (an applicant tracking system, a CRM, a webhook) offers the background:
 * check the key, find a person by email, create or update the person, and the record's link. Only the
 * background calls it, after a click in the extension's own pages; nothing here costs credits.
 */
import { SEND_STATUSES } from '../api/team-schema';

/** What is sent: one revealed contact, in the words of no particular vendor. */
export interface SendPerson {
  /** Full name as shown on the profile. */
  name: string;
  /** Emails revealed, the first is the one searched by and sent as primary. */
  emails: string[];
  phones: string[];
  /** The canonical LinkedIn profile URL. */
  profileUrl?: string;
  headline?: string;
  jobTitle?: string;
  company?: string;
  /** What was revealed for the person ("email", "phone", ...): the webhook's body says it. */
  revealed?: string[];
}

/** What a destination already holds for an email. */
export interface FoundRecord {
  id: string;
  link: string;
  /** The record's properties as the destination holds them (HubSpot: to fill only what it lacks). */
  properties?: Record<string, string | null>;
  /** The person the record belongs to (Lever: the contact a new opportunity would be added to). */
  contact?: string;
}

/**
 * How a send ended: a new record, the person added to a record that was already there (Lever links a new
 * opportunity to the existing contact), a record already there left as it was (Ashby), or updated (HubSpot).
 */
export type SendStatus = (typeof SEND_STATUSES)[number];

export interface SendOutcome {
  status: SendStatus;
  /** The record's id in the destination (the webhook's delivery id). */
  id: string;
  /** Where the record opens in the destination's own app; absent for a webhook. */
  link?: string;
}

/** What a successful check learnt, for the destination's label. */
export interface CheckResult {
  /** A name for the account or workspace, when the vendor says one. */
  account?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface SendOptions extends CallOptions {
  /**
   * What {@link Destination.findByEmail} found for the person's first email just before (null: nobody), so a send
   * looks the person up once; left out, the send looks them up itself.
   */
  found?: FoundRecord | null;
  /**
   * The id this send is known by, chosen before its request and written with its intent (the webhook's delivery id):
   * a send cut off and made again is the same delivery, which a receiver drops as a repeat.
   */
  deliveryId?: string;
}

export interface Destination {
  /** A free call that proves the key (or the URL) works: used when a destination is saved. */
  check(options?: CallOptions): Promise<CheckResult>;
  /** The record already holding this email, if any. */
  findByEmail(email: string, options?: CallOptions): Promise<FoundRecord | undefined>;
  /** Creates, links or updates the person, by what `found` says is there (looked up by email when not given). */
  send(person: SendPerson, options?: SendOptions): Promise<SendOutcome>;
  /** Where a record opens in the destination's own app. */
  recordLink(id: string): string;
}

/** Settings every destination's HTTP calls share; the injectable parts are for tests. */
export interface TransportOptions {
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Time limit of each request (default 15 000 ms). */
  timeoutMs?: number;
  /** The longest `Retry-After` waited for before failing with 'rate-limited' (default 30 000 ms). */
  maxRetryAfterMs?: number;
  /** Retries after the first attempt on 429 (and, where safe, on 5xx); default 2. */
  retries?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/** How a send ended, each destination's way ({@link SendStatus}): the wire's list, which a team gateway answers with. */
export { SEND_STATUSES };

/** What the key field of the options page's form says: its label, and where the user finds the key. */
export interface KeyField {
  label: string;
  hint: string;
}

/**
 * One destination, whole, in one file (`src/send/destinations/<vendor>.ts`): its kind, the names it goes by, where to
 * find its key, its default address, the settings kept for it (a zod schema, checked when saved and when read back),
 * and how to make its client (check, find, send, its errors, its record links). Every list of kinds and names is
 * derived from these (`src/send/destinations/index.ts`).
 */
export interface DestinationCard<K extends string, C extends { kind: K; id: string; label: string }> {
  kind: K;
  /** Its name in a sentence: "Lever", "the webhook". */
  name: string;
  /** Its name on a button or a mark: "Lever", "Webhook". */
  label: string;
  /** The key field on the options page; absent where there is no key (a webhook). */
  key?: KeyField;
  /** Where its API answers unless the user gives another address; absent where the user always gives one. */
  defaultOrigin?: string;
  /** The settings kept for it. */
  settings: import('zod/mini').ZodMiniType<C>;
  /** Its client. Throws a 'not-set-up' SendError for an unusable address. */
  create(settings: C, transport?: TransportOptions): Destination;
  /**
   * The free check made when it is saved: what it learnt for the settings (HubSpot's account id, for record links)
   * and whom the key acts as. Without it, the client's own check.
   */
  settle?(settings: C, transport?: TransportOptions): Promise<{ settings: C; account?: string }>;
  /** What the options page shows of its key: the key itself (masked there) or the webhook's address. */
  shown(settings: C): { key: string } | { address: string };
}
