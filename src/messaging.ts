/**
 * One protocol map for every message between contexts. The background validates each message's data with these
 * zod schemas and decides privilege from `sender` (see `src/background/router.ts`), never from the message.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import * as z from 'zod/mini';
import { RETRIEVABLE } from './api/schema-parts';
import type { Result } from './background/result';
import type { RevealOutcome } from './background/reveal';
import type { AccountSnapshot } from './storage';

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
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>({
  // No logger: the default one prints every message, which would put contact data in the console.
  logger: undefined,
});
