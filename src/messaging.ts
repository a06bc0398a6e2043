/**
 * One protocol map for every message between contexts. The background validates each message's data with these
 * zod schemas and decides privilege from `sender` (see `src/background/router.ts`), never from the message.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import * as z from 'zod/mini';
import { RETRIEVABLE } from './api/schema-parts';
import type { Result } from './background/result';
import type { RevealOutcome } from './background/reveal';
import type { AccountSnapshot, SavedSearch, SearchSession } from './storage';
import { SEARCH_MODES } from './storage';

/** What the content script reports about the page a tab shows. Identity is the URL; name and headline are hints. */
export const ProfileDetection = z.strictObject({
  /** Canonical `https://www.linkedin.com/in/<slug>`, or null when the page is not a profile. */
  socialUrl: z.nullable(z.string().check(z.maxLength(300))),
  nameHint: z.optional(z.string().check(z.maxLength(200))),
  headlineHint: z.optional(z.string().check(z.maxLength(300))),
});
export type ProfileDetection = z.infer<typeof ProfileDetection>;

export const SaveConnectionInput = z.strictObject({
  baseUrl: z.string().check(z.maxLength(2000)),
  /** Absent: keep the stored key. */
  apiKey: z.optional(z.string().check(z.maxLength(500))),
});

const hint = () => z.optional(z.string().check(z.maxLength(300)));

export const RevealInput = z.strictObject({
  target: z.strictObject({
    socialUrl: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
    candidateId: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  }),
  selection: z.array(z.enum(RETRIEVABLE)).check(z.maxLength(RETRIEVABLE.length)),
  retryNotFound: z.optional(z.boolean()),
  hints: z.optional(z.strictObject({ name: hint(), currentTitle: hint(), currentEmployer: hint() })),
});
export type RevealInput = z.infer<typeof RevealInput>;

export const NoInput = z.optional(z.undefined());

/**
 * A search body from the side panel. Its shape is checked here only loosely (sizes); the client checks it against
 * the contract and the spec's rules before any request.
 */
export const StartSearchInput = z.strictObject({
  mode: z.enum(SEARCH_MODES),
  request: z.looseObject({
    search_criteria: z.optional(z.record(z.string(), z.unknown())),
    free_text_search: z.optional(z.string().check(z.maxLength(20_000))),
    jd_search: z.optional(z.string().check(z.maxLength(50_000))),
    page_size: z.optional(z.int()),
    include_similar_titles: z.optional(z.boolean()),
  }),
});
export type StartSearchInput = z.infer<typeof StartSearchInput>;

export const PageInput = z.strictObject({ start: z.int().check(z.gte(1)) });
export const NameInput = z.strictObject({ name: z.string().check(z.maxLength(500)) });
export const IdInput = z.strictObject({ id: z.string().check(z.maxLength(100)) });
export const RenameInput = z.strictObject({
  id: z.string().check(z.maxLength(100)),
  name: z.string().check(z.maxLength(500)),
});
export const SelectionSearchInput = z.strictObject({
  mode: z.enum(['free_text', 'jd']),
  text: z.string().check(z.maxLength(50_000)),
  /** The user agreed to search with the first 300 characters of an over-long selection. */
  trim: z.optional(z.boolean()),
});

export interface ProtocolMap {
  /** Content script -> background: "this tab shows profile X" or "no profile". The only message a tab may send. */
  profileSeen(detection: ProfileDetection): void;
  /** Options: check a base URL and key with GET /v1/account (free) and save them if the service accepts them. */
  saveConnection(input: z.infer<typeof SaveConnectionInput>): Result<AccountSnapshot>;
  /** Options: forget the stored key. */
  forgetKey(): Result<null>;
  /** Any page: refresh the balance (free). */
  refreshAccount(): Result<AccountSnapshot>;
  /** Popup / side panel: reveal a contact's selected items; paid, vault-aware. */
  reveal(input: RevealInput): Result<RevealOutcome>;
  /** Options: remove every revealed contact from the vault. */
  clearVault(): Result<{ removed: number }>;
  /** Side panel: run a new search (page 1). Paid: 1 credit, 2 with a job description, only when profiles return. */
  startSearch(input: StartSearchInput): Result<SearchSession>;
  /** Side panel: show another page (free when already paid for). */
  goToPage(input: z.infer<typeof PageInput>): Result<SearchSession>;
  /** Side panel: save the current search under a name, with its frozen criteria. */
  saveSearch(input: z.infer<typeof NameInput>): Result<SavedSearch>;
  renameSavedSearch(input: z.infer<typeof RenameInput>): Result<SavedSearch>;
  deleteSavedSearch(input: z.infer<typeof IdInput>): Result<null>;
  /** Popup: run a saved search's first page (the popup opens the side panel on the same click). */
  runSavedSearch(input: z.infer<typeof IdInput>): Result<SearchSession>;
  /** Side panel: search a selected text after the user agreed to trim it (context menu, over-long free text). */
  searchSelection(input: z.infer<typeof SelectionSearchInput>): Result<SearchSession>;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>({
  // No logger: the default one prints every message, which would put contact data in the console.
  logger: undefined,
});
