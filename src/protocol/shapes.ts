/**
 * The shapes of what the background answers that every context reads: the people of a LinkedIn page, a reveal's
 * outcome. Types only, so a page that imports them carries no background code.
 */
import type { Retrievable } from '../api/schema-parts';
import type { PageKindId } from '../sites/linkedin/page-kind';
import type { SentStatus } from '../store/database/sent';
import type { ContactRecord } from '../store/database/vault/vault-record';
import type { RevealJob } from '../store/items/reveal-jobs';
import type { TabProfile } from '../store/items/tabs';
import type { Read } from '../store/read';

/** One person of the page, as the extension's pages show them. */
export interface PersonOnPage {
  name: string | null;
  headline: string | null;
  location: string | null;
  /** Canonical public profile URL; null when the page does not show it (the person needs it before a reveal). */
  socialUrl: string | null;
  /** The person's page in Sales Navigator or Recruiter (or their member-id link), where the public URL is found. */
  pageUrl: string | null;
  /** What the vault holds for the person (null: nothing, or no public URL to look it up by). */
  record: ContactRecord | null;
  /** The vault holds at least one found item. */
  revealed: boolean;
}

export interface PagePeople {
  /** The tab's page kind; null when it is no LinkedIn page Candidate Lens reads. */
  kind: PageKindId | null;
  /** Lists many people (search results, lists, projects). */
  list: boolean;
  /** The page kind in words, e.g. "Sales Navigator lead". */
  label: string | null;
  /** How to get a missing public profile URL on this kind of page. */
  toResolve: string | null;
  people: PersonOnPage[];
  /**
   * Why the page was not read, when it was not: `unread`, no people found (or, on a page about one person, no
   * name); `not-shown`, result cards found but no one on them yet (LinkedIn renders them as the user scrolls).
   */
  problem: 'unread' | 'not-shown' | null;
  /** The page's structure report, to copy and send, when it was not read (structure only: no text, names or ids). */
  report: string | null;
  readAt: string;
}

/**
 * The person a tab shows and what is held of them, in one round (the popup's first screen): the tab's detection,
 * the vault's record of that person (null when the tab shows none) and their reveal jobs, newest first.
 */
export interface TabPerson {
  profile: TabProfile | null;
  held: Read<ContactRecord> | null;
  jobs: RevealJob[];
}

/** What a reveal answers: the vault record (written before the answer), and the job that asked the service. */
export interface RevealOutcome {
  record: ContactRecord | null;
  /** The job that called the service; null when the vault already held everything asked for. */
  job: RevealJob | null;
}

/** What the team holds of one item of one person (a team gateway's answer, in the extension's words:
 * `src/background/team/team.ts` turns the gateway's body into it; the pages read it). */
export interface TeamHeldItem {
  item: Retrievable;
  /** True: the team holds the value. False: the service had none when a teammate asked (asking again is free). */
  found: boolean;
  revealedBy: string;
  revealedAt: string;
}

/** One person's held items, matched back by the profile URL or candidate id asked with. */
export interface TeamHeldPerson {
  socialUrl: string | null;
  candidateId: string | null;
  items: TeamHeldItem[];
  /** On the team's do-not-contact list: the gateway will neither look them up nor send them. */
  doNotContact?: boolean;
  /** On this browser's do-not-contact list: the extension will neither look them up nor send them. */
  listedHere?: boolean;
}

/** What the screens show of one send to a destination. */
export interface SendResult {
  /** `already-sent`: sent there before, so nothing was sent again. */
  status: SentStatus;
  /** The destination's name ("Lever"). */
  label: string;
  /** Where the record opens in the destination's own app. */
  link?: string;
  sentAt: string;
}

/** What forgetting did, for the card to say. */
export interface ForgetOutcome {
  /** The contact's name, as the card showed it. */
  name: string | null;
  /** Items this browser held of them (email, phone, …), now erased. */
  items: number;
  /** The team vault: how many items it held (erased), or null without a team gateway. */
  team: { items: number } | null;
  /** Where they had been sent (by you or the team): the destination's name and the record's link there. */
  sent: { label: string; link: string | null }[];
}
