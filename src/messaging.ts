/**
 * One protocol map for every message between contexts. The background validates each message's data with zod and
 * decides privilege from `sender` (see `src/background/guard.ts`), never from the message.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import * as z from 'zod/mini';

/** What the content script reports about the page a tab shows. Identity is the URL; name and headline are hints. */
export const ProfileDetection = z.strictObject({
  /** Canonical `https://www.linkedin.com/in/<slug>`, or null when the page is not a profile. */
  socialUrl: z.nullable(z.string().check(z.maxLength(300))),
  nameHint: z.optional(z.string().check(z.maxLength(200))),
  headlineHint: z.optional(z.string().check(z.maxLength(300))),
});
export type ProfileDetection = z.infer<typeof ProfileDetection>;

export interface ProtocolMap {
  /** Content script -> background: "this tab shows profile X" or "no profile". The only message a tab may send. */
  profileSeen(detection: ProfileDetection): void;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>({
  // The default logger prints every message, which would put contact data in the console.
  logger: undefined,
});
