import { defineContentScript } from 'wxt/utils/define-content-script';
import { readPageHints } from '@/src/sites/linkedin/page-hints';
import { reportProfile } from '@/src/sites/linkedin/report';
import { createProfileWatch } from '@/src/sites/linkedin/watch';

/**
 * Reports which LinkedIn profile the tab shows. Runs on the whole site because LinkedIn navigates from `/feed/` to
 * `/in/...` without a reload; src/sites/linkedin decides what is a profile. Reads the URL and two visible texts,
 * adds nothing to the page.
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
  },
});
