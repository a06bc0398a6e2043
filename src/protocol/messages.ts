/**
 * One protocol map for every message between contexts. The background validates each message's data with the zod
 * schemas of `schemas.ts` and decides privilege from `sender` (see `src/background/router.ts`), never from
 * the message.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type * as z from 'zod/mini';
import type { BulkJob } from '../bulk/job';
import type { GitHubProfile } from '../find/github';
import type { PersonExport } from '../privacy/person-export';
import type { AshbySource } from '../send/destinations/ashby';
import type { LeverUser } from '../send/destinations/lever';
import type { BulkSendJob } from '../store/database/bulk-send';
import type { DncEntry } from '../store/database/do-not-contact';
import type { SavedSearch, SearchSession } from '../store/database/search';
import type { ContactRecord } from '../store/database/vault/vault-record';
import type { TakenOut } from '../store/database/vault/vault-restore';
import type { AccountSnapshot } from '../store/items/account';
import type { DestinationHint } from '../store/items/destination-hints';
import type { RevealJob } from '../store/items/reveal-jobs';
import type { Result } from './result';
import type {
  AddDoNotContactInput,
  AshbySourcesInput,
  BulkControlInput,
  BulkSendControlInput,
  DestinationIdInput,
  DoNotContactEntryInput,
  FindPersonInput,
  FlagContactInput,
  ForgetContactInput,
  IdInput,
  JobInput,
  KeysInput,
  LeverUsersInput,
  NameInput,
  NoteJobChangeInput,
  NoticeCopiedInput,
  PageInput,
  ProfileDetection as ProfileDetectionSchema,
  RenameInput,
  RevealInput as RevealInputSchema,
  SaveConnectionInput,
  SaveDestinationInput,
  SelectionSearchInput,
  SendContactInput,
  StartBulkInput,
  StartBulkSendInput,
  StartSearchInput as StartSearchInputSchema,
  TabInput,
  TakenOutInput,
  TeamHeldInput,
} from './schemas';
import type {
  ForgetOutcome,
  PagePeople,
  RevealOutcome,
  SendResult,
  TabPerson,
  TeamHeldPerson,
} from './shapes';

export type ProfileDetection = z.infer<typeof ProfileDetectionSchema>;
export type RevealInput = z.infer<typeof RevealInputSchema>;
export type StartSearchInput = z.infer<typeof StartSearchInputSchema>;

export interface ProtocolMap {
  /** Content script -> background: "this tab shows profile X" or "no profile". The only message a tab may send. */
  profileSeen(detection: ProfileDetection): void;
  /** Options: check a base URL and key with GET /v1/account (free) and save them if the service accepts them. */
  saveConnection(input: z.infer<typeof SaveConnectionInput>): Result<AccountSnapshot>;
  /** Options, Send to: Lever's active users for a key, to choose whom candidates are added as (free). */
  listLeverUsers(input: z.infer<typeof LeverUsersInput>): Result<LeverUser[]>;
  /** Options, Send to: Ashby's sources, to choose the one candidates are created with (free, optional). */
  listAshbySources(input: z.infer<typeof AshbySourcesInput>): Result<AshbySource[]>;
  /**
   * Options, Send to: check a destination with a free call and keep it if that works. A webhook's signing secret is
   * answered here, once.
   */
  saveDestination(
    input: z.infer<typeof SaveDestinationInput>,
  ): Result<{ destination: DestinationHint; secret?: string }>;
  /** Options, Send to: check a saved destination again (free). */
  checkDestination(input: z.infer<typeof DestinationIdInput>): Result<DestinationHint>;
  /** Options, Send to: forget a destination and its key. */
  removeDestination(input: z.infer<typeof DestinationIdInput>): Result<null>;
  /**
   * Popup, side panel, library: send one revealed contact to a saved destination, on the user's click. Free (no
   * credits); looked up by email before anything is created.
   */
  sendContact(input: z.infer<typeof SendContactInput>): Result<SendResult>;
  /** Library, side panel: send many revealed contacts to one destination as a background job (free). */
  startBulkSend(input: z.infer<typeof StartBulkSendInput>): Result<BulkSendJob>;
  /** Pause, resume or cancel the bulk send, or dismiss its summary. */
  controlBulkSend(input: z.infer<typeof BulkSendControlInput>): Result<BulkSendJob | null>;
  /** Options: forget the stored key. */
  forgetKey(): Result<null>;
  /** Any page: refresh the balance (free). */
  refreshAccount(): Result<AccountSnapshot>;
  /** Popup / side panel: reveal a contact's selected items; paid, vault-aware. */
  reveal(input: RevealInput): Result<RevealOutcome>;
  /** Popup: what a reveal cut off by a stopped worker was charged (checks the balance: free). */
  checkCutOffReveal(input: z.infer<typeof JobInput>): Result<RevealJob>;
  /** Options: remove every revealed contact from the vault. */
  clearVault(): Result<{ removed: number }>;
  /** Revealed contacts library: remove these contacts from the vault (erasure). */
  removeContacts(input: z.infer<typeof KeysInput>): Result<{ removed: number }>;
  /** Revealed contacts library: remove these contacts, handing them back whole (with their sent marks) for Undo. */
  takeOutContacts(input: z.infer<typeof KeysInput>): Result<TakenOut>;
  /** Revealed contacts library: Undo a delete, putting the contacts back with their sent marks. */
  putBackContacts(input: z.infer<typeof TakenOutInput>): Result<{ restored: number }>;
  /** Side panel: run a new search (page 1). Paid: 1 credit, 2 with a job description, only when profiles return. */
  startSearch(input: StartSearchInput): Result<SearchSession>;
  /** Side panel: show another page (free when already paid for). */
  goToPage(input: z.infer<typeof PageInput>): Result<SearchSession>;
  /** Side panel: show again the results a new search replaced when it brought none (free). */
  backToEarlierSearch(): Result<SearchSession>;
  /** Side panel: save the current search under a name, with its frozen criteria. */
  saveSearch(input: z.infer<typeof NameInput>): Result<SavedSearch>;
  renameSavedSearch(input: z.infer<typeof RenameInput>): Result<SavedSearch>;
  deleteSavedSearch(input: z.infer<typeof IdInput>): Result<null>;
  /** Popup: run a saved search's first page (the popup opens the side panel on the same click). */
  runSavedSearch(input: z.infer<typeof IdInput>): Result<SearchSession>;
  /** Side panel: search a selected text after the user agreed to trim it (context menu, over-long free text). */
  searchSelection(input: z.infer<typeof SelectionSearchInput>): Result<SearchSession>;
  /** Side panel: start a bulk reveal the user confirmed at a quoted maximum. Paid, up to 15 lookups at a time. */
  startBulkReveal(input: z.infer<typeof StartBulkInput>): Result<BulkJob>;
  /** Side panel: pause, resume or cancel the bulk reveal, dismiss its receipt, or wake a worker to resume it. */
  controlBulk(input: z.infer<typeof BulkControlInput>): Result<BulkJob | null>;
  /**
   * Popup / side panel: the people a LinkedIn tab shows, read from the page now (on the user's opening or click),
   * with what the vault holds for each, and the page kind. Free.
   */
  pagePeople(input: z.infer<typeof TabInput>): Result<PagePeople>;
  /**
   * Popup: the person the tab shows, the vault's record of them and their reveal jobs, in one round (what its
   * first screen shows; the worker holds the database open). Free, read only.
   */
  tabPerson(input: z.infer<typeof TabInput>): Result<TabPerson>;
  /**
   * Side panel: find one person by an email address, a GitHub profile or a name (with a company domain). A search:
   * 1 credit, only when profiles return. Refused before anything is sent when the input cannot be searched.
   */
  findPerson(input: z.infer<typeof FindPersonInput>): Result<SearchSession>;
  /** Popup: the GitHub profile the tab shows (its URL, readable after the toolbar click), or null. Free. */
  gitHubProfileOnTab(input: z.infer<typeof TabInput>): Result<GitHubProfile | null>;
  /** Popup: open the side panel's find on the tab's GitHub profile (the popup opens the panel). Sends nothing. */
  prepareGitHubFind(input: z.infer<typeof TabInput>): Result<GitHubProfile>;
  /**
   * Popup / side panel: which items the team holds for these people, when the service connection is a team gateway
   * (its `POST /v1/team/held`, free); empty otherwise. Those items are priced at 0.
   */
  teamHeld(input: z.infer<typeof TeamHeldInput>): Result<TeamHeldPerson[]>;
  /** Popup, side panel, library: flag a revealed item wrong (with an optional note), or take the flag back. Free. */
  flagContact(input: z.infer<typeof FlagContactInput>): Result<ContactRecord>;
  noteJobChange(input: z.infer<typeof NoteJobChangeInput>): Result<ContactRecord>;
  /** Options: this browser's do-not-contact list (why, when; never whom), and the team's name when a gateway keeps one. */
  listDoNotContact(): Result<{ entries: DncEntry[]; team: string | null }>;
  /** Options: put a person on the do-not-contact list (the team's too, on a gateway: its free endpoint). */
  addDoNotContact(input: z.infer<typeof AddDoNotContactInput>): Result<{ added: boolean; team: boolean }>;
  /** Options: take a person off this browser's do-not-contact list. */
  removeDoNotContact(input: z.infer<typeof DoNotContactEntryInput>): Result<{ removed: boolean }>;
  /**
   * Contact card: forget this person (do-not-contact, erased here and, on a team gateway, from the team's contacts);
   * says what was erased and where they had been sent. Free.
   */
  forgetContact(input: z.infer<typeof ForgetContactInput>): Result<ForgetOutcome>;
  /** Contact card: the contact's privacy notice was copied; kept on the contact ("Notice copied 3 Dec"). Free. */
  noticeCopied(input: z.infer<typeof NoticeCopiedInput>): Result<ContactRecord>;
  /** Contact card: everything this browser holds about the contact, for an access request. Free, offline. */
  exportHeld(input: z.infer<typeof NoticeCopiedInput>): Result<PersonExport>;
  /** Contact card: the contact's privacy notice, filled, for the page to put on the clipboard. Free, offline. */
  noticeText(input: z.infer<typeof NoticeCopiedInput>): Result<string>;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>({
  // No logger: the default one prints every message, which would put contact data in the console.
  logger: undefined,
});
