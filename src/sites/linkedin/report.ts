/**
 * Sends the content script's one message, `profileSeen`, without importing src/protocol/messages.ts at run time.
 *
 * Why not `sendMessage` from src/protocol/messages.ts: that module also builds the zod schema the background validates with,
 * and bundling it takes the content script from about 1.5 KB to 12 KB gzip (budget: 3 KB); the schema calls are not
 * side-effect free, so tree-shaking cannot drop them. This function writes the exact message
 * `@webext-core/messaging` 4 writes (`{ id, type, data, timestamp }`, read from its dist/generic-*.mjs), so the
 * background's `onMessage('profileSeen', …)` receives it unchanged; test/unit/sites/linkedin/report.test.ts proves
 * that against the real `onMessage`. Types come from the protocol map, so a change there breaks the build here.
 */
import { browser } from 'wxt/browser';
import type { ProtocolMap } from '../../protocol/messages';

type ProfileSeen = Parameters<ProtocolMap['profileSeen']>[0];

/** The library starts its message ids at a random number; ids only pair requests with replies in its logs. */
let nextId = Math.floor(Math.random() * 1e4);

/**
 * Tells the background which profile this tab shows. Rejects when nobody listens (the extension was reloaded and
 * this script outlived it, or the background registered no listener). Unlike the library, it does not rethrow an
 * error the background's handler returned: the content script could do nothing with it.
 */
export async function reportProfile(detection: ProfileSeen): Promise<void> {
  const type: keyof ProtocolMap = 'profileSeen';
  await browser.runtime.sendMessage({ id: nextId++, type, data: detection, timestamp: Date.now() });
}
