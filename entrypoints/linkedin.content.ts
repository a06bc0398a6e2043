import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { readPageHints } from '@/src/sites/linkedin/page-hints';
import { readPage, replyToRead } from '@/src/sites/linkedin/read-request';
import { reportProfile } from '@/src/sites/linkedin/report';
import { createProfileWatch } from '@/src/sites/linkedin/watch';

/**
 * Reports which LinkedIn profile the tab shows, and answers the extension's "what is on this page" when it asks.
 * Runs on the whole site because LinkedIn navigates from `/feed/` to `/in/...` without a reload; src/sites/linkedin
 * decides what each page is. Reads the URL and visible texts, adds nothing to the page.
 */
export default defineContentScript({
  matches: ['https://*.linkedin.com/*'],
  runAt: 'document_idle',
  // WXT otherwise announces the script with a `window.postMessage` the page can read, carrying the extension's id.
  noScriptStartedPostMessage: true,
  main(ctx) {
    const watch = createProfileWatch({
      readHints: () => readPageHints(document),
      report: (detection) => {
        if (ctx.isInvalid) return; // The extension was reloaded or removed: nobody is listening any more.
        // A failed send loses one report, which the next page change repeats; it must not surface as an error
        // on LinkedIn's page. (Not `sendMessage` from src/messaging: see report.ts, it would bundle zod.)
        reportProfile(detection).catch(() => {});
      },
      later: (fn, ms) => {
        const id = ctx.setTimeout(fn, ms);
        return () => clearTimeout(id);
      },
    });
    watch.start(location.href);
    // The event fires before `location.href` changes, so `newUrl` is the page being opened.
    ctx.addEventListener(window, 'wxt:locationchange', ({ newUrl }) => {
      watch.navigate(newUrl.href, location.href !== newUrl.href);
    });

    // Reading is synchronous, so the reply is sent before the listener returns (no `return true` needed).
    const answer = (message: unknown, sender: { id?: string }, sendResponse: (reply: unknown) => void) => {
      const reply = replyToRead(message, sender.id, browser.runtime.id, () =>
        readPage(document, location.href),
      );
      if (reply !== undefined) sendResponse(reply);
    };
    browser.runtime.onMessage.addListener(answer);
    ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(answer));
  },
});
