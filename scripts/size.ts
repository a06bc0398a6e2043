/**
 * Bundle budget, gzip: what each part of the built extension costs to load, with every chunk it imports.
 * `npm run size` builds nothing itself: run `npm run build` first. Exits 1 when a budget is exceeded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const OUT = resolve(import.meta.dirname, '../.output/chrome-mv3');
const KB = 1024;

/** Budgets in gzip bytes. */
const BUDGETS: Array<{ name: string; entry: string; budget: number }> = [
  // Measured: 2.3 KB for profile detection alone; the readers of the seven LinkedIn page kinds (selectors with
  // fallbacks, ~1.8 KB) make 4.1 KB. They must be in the page's script to answer "what is on this page" on request.
  // Reading LinkedIn as it is served today (result cards by data-view-name and role, names from the profile links'
  // own text, the headline and location after a lockup's title, profile section pages' sticky header) brought the
  // script to 4.8 KB; the structure report of a page that could not be read (~1 KB: tag names, roles, class
  // shapes, link shapes, never text) makes 5.8 KB. The report stays in this script rather than being injected on
  // request: it then describes the very document the read failed on, in the same answer, and injecting would need
  // the "scripting" permission on Chrome and a second way in for Firefox, to save ~1 KB. LinkedIn's 2026 markup (its
  // cards and top card) and a report deep enough to show a card's interior, with key shapes: 6.4 KB.
  { name: 'content script', entry: 'content-scripts/linkedin.js', budget: 6.5 * KB },
  // 30 KB until the popup showed the result first (copy all, save as a vCard, folded sections, a live region for
  // copies), spoke plain words for every refusal, said what a cut-off reveal charged (34.6 KB), and counted the
  // people on a LinkedIn list page with the way to the side panel (36.1 KB), and warned near a spending cap (the
  // ledger's reader, and the chunks the usage page splits out of the shared code: 38.4 KB), and checked the
  // spending caps itself before the click, folded a finished reveal and gave items not found their own priced
  // "Ask again", with its own stylesheet so its layout rules cost the other pages nothing (39.71 KB), and gave each
  // kind of refusal (a cap, no key, where things stand, a setting on Options) its own words and step (39.8-40.0 KB,
  // as the shared chunks split), and said in words that a LinkedIn page could not be read, with its next step and
  // "Copy page report", instead of "0 people" (40.4 KB). Loaded from disk; `npm run bench` measures its
  // open-to-interactive. The offer to find a GitHub profile's person (asked of the background, which reads the
  // tab's URL; its words alone, apart from the side panel's find) makes 40.8 KB. Pricing the items a team gateway
  // says the team holds at 0 before any click (asked of the background on opening, the shared pricing helper and its
  // words) adds ~0.3 KB on top of that. The design tokens (type and spacing scales, the dark theme's primary), the
  // inline icons and the copy icon button, shared by every page, add ~0.6 KB: 41.8 KB. The store as one helper for
  // every item and a module per domain (each page loads the domains it reads: options and contacts lost 1.7 and
  // 0.7 KB) cuts the chunks popup and panel share differently: 42.3 KB. The contact as the hero with one priced "Add"
  // button per item left, a LinkedIn list page's people with their status and a bulk reveal started from the popup
  // (the bulk quote, shared with the side panel), the balance asked again on opening, refusals with their control
  // (Retry, the cap's own field, asking the balance again) and ages in words: +3 KB. With the export packs and the team
  // pricing merged beside them, the shared chunks Rollup cuts for the pages carry modules other pages need: 47.4 KB.
  // inline icons and the copy icon button, shared by every page, add ~0.6 KB: 41.8 KB. Its spending rule, now shared
  // with the side panel's profile view (src/ui/reveal-price.ts), and the chunks the two pages share as they split
  // once the panel loads some views on demand (Vite's small runtime of dynamic imports among them): 42.1 KB.
  // The spending rule shared with the side panel's profile view (src/ui/reveal-price.ts): 47.8 KB.
  // Its model as four sub-models, each with its own tests (what profile, what is held, the offer, why a button waits):
  // 48.5 KB.
  // The ledger's reader of days kept in parts (the parts each day has, read with the bookkeeping; earlier stored
  // shapes upgraded on read) and a watcher called back at most every 300 ms: 49.0 KB.
  // The vault read from its buckets and from version 1's keys beside them while store migration 6 moves them (the
  // view of a read, the reader of a bucket's changes): 49.4 KB. A reveal's answer shown at once, with its record and
  // job, rather than only once storage's change is heard and read again: 49.5 KB.
  { name: 'popup', entry: 'popup.html', budget: 49.75 * KB },
  // The side panel and options have no budget in the issues; ours: the side panel carries the whole search UI
  // (three modes, results, saved searches, CSV) on top of the ~27 KB every page shares, and loads from disk.
  // Bulk reveal brought it to 42.4 KB; the people on a LinkedIn page, the shared result card and plain-word
  // refusals to 46.4 KB; the spending warning (and the usage page's chunk split) to 49.6 KB; the summary that
  // stands in for the form after a search, reading the vault by rows, and the charge check of a row reveal that got
  // no answer, to 51.3 KB; the way back to earlier results, to 51.4 KB; each row saying what its reveal cost, the
  // receipt's found-of-asked per item, and "Reveal again" at its price in the contact view, to 52.1 KB; the words
  // of each kind of refusal, shared with every page, to 52.3 KB; a LinkedIn page that could not be read said in words
  // with its next step and "Copy page report", instead of "0 people", to 52.8 KB. Finding a person (an email
  // address, a GitHub profile, a name) adds 1.3 KB to what the panel loads: which find to show, its stored intent's
  // schema, and Vite's loader of dynamic imports (~0.7 KB); the find view itself (5.5 KB) loads only when shown.
  // Measured 55.2 KB (53.8 KB without the find, as the shared chunks now split). On a team gateway, rows and the
  // bulk quote price what the team holds at 0 before any click (one free question per list shown, and the rows'
  // "held by your team, free"): +0.5 KB. The design tokens and inline icons shared by every page (~0.6 KB). The
  // store as one helper for every item and a module per domain splits the shared chunks again.
  // Refusals with their control (Retry, the cap's own field, asking the balance again), ages in words and the contact
  // as the hero in the shared card: +0.9 KB. With the export packs merged beside them, the shared chunks Rollup cuts
  // for the pages carry modules other pages need: 59.2 KB.
  // Measured 55.2 KB (53.8 KB without the find, as the shared chunks now split). The design tokens and inline
  // icons shared by every page (~0.6 KB): 56.0 KB. The panel following the tab (the tab's person with the held
  // contact first and the rest as priced actions, priced by the rule the popup shares; which kind of LinkedIn page
  // the tab shows; the keys; the list bar that stays in view; the sub-models' wiring) adds 1.5 KB once the views only
  // some states need load when shown (a bulk reveal's progress and receipt, a LinkedIn page's people, the
  // context-menu views, the list of keys): measured 57.5 KB. A row's own charge said in one short line beside its
  // contact (the billing note a click away) rather than the shared two-line outcome: 57.8 KB.
  // The panel following the tab (the tab's person with its priced offers, the tab and profile sub-models), its keys,
  // compact rows with the list bar and the receipt's next steps; the views only some states need load when shown
  // (bulk progress, a page's people, the context-menu views, the keys dialog): 61.1 KB.
  // One pricing rule for every list row with what the team holds or knows missing, and the balance's age said
  // while the panel stays open: 61.6 KB.
  // A bulk reveal's job read from its parts and watched part by part (a progress write stores only the contacts that
  // changed, a few KB rather than the whole job), the ledger's days read from their parts, and the vault's lookups
  // asked together read together: 62.7 KB.
  // The vault read from its buckets and version 1's keys beside them (as the popup): 63.0 KB.
  // Each row following its own record, bulk state and reveals through computeds (a bulk reveal re-rendered every row
  // at each contact stored: ~1 s of the panel's script a 150-contact job, now ~0.4 s), and the changed contacts read
  // one read at a time: 63.3 KB.
  { name: 'side panel', entry: 'sidepanel.html', budget: 63.5 * KB },
  // 29.4 KB; spending caps, thresholds and their checks in plain words make 31.1 KB; saying who a team gateway's
  // member key belongs to, with the member's allowances (the stored membership and its schema), 32.5 KB. The team
  // words it shares with the usage page's team allowance sit in a shared chunk; the shared refusals with their
  // controls and ages in words, and the cap field focused when opened at it: 33.4 KB.
  { name: 'options', entry: 'options.html', budget: 34.25 * KB },
  // The library: the index reader, search, filters, sort, the contact card and the exports: 34,687 bytes. The
  // narrow page's Filters fold and the nothing-found rows said in words add ~100 bytes; the words of each kind of
  // refusal, shared with every page, make 34.2 KB. The export read in chunks with its progress shown (a 50,000-
  // contact export no longer freezes the page for seconds) makes 34.7 KB.
  // With the shared chunks as they split once the find, the team membership and the gateway pricing were in:
  // 35.2 KB.
  // The design tokens and inline icons shared by every page: 35.8 KB.
  // The export packs' reader (the library's export reads packs, not records), and the shared chunks as they split with
  // the store layer: 36.6 KB. Rows showing the address and number themselves with copy buttons (the records of the rows on screen read in one
  // go), the link to the LinkedIn profile, ages in words and the shared refusals with their controls: 37.0 KB.
  // Every contact read at once lists the first page's order while the full sort waits, and the store's own reads of
  // the export packs: 38.4 KB.
  // The vault read from its buckets and version 1's keys beside them (as the popup): 38.8 KB.
  { name: 'contacts', entry: 'contacts.html', budget: 39 * KB },
  // The usage page: the ledger's reader, the chart, the totals and the CSV export. Measured: 25.1 KB.
  // A team member's page asks the gateway again for today's figures when it opens (the extension's messaging,
  // ~1 KB): 27.6 KB.
  // The ledger's days read from their parts (an append writes a part of a few KB, not the whole day): 27.9 KB.
  // The shared chunks as Rollup cuts them once the pages read the vault's buckets: 28.0 KB.
  { name: 'usage', entry: 'usage.html', budget: 28.25 * KB },
  // 38.5 KB; finding a person adds 2.9 KB (41.4 KB): its rules (email address, name, company domain with the public mail
  // providers, GitHub profile URL) and their refusals, checked again before any find is sent, the find menus and
  // the find's stored intent.
  // The ledger written ahead of every paid call with its migration, retention from the library index, and the team
  // gateway's membership and team-held asks make 43.3 KB.
  // The store's item helper, its table of keys and its numbered migrations run in order at start: 44.0 KB.
  // Together (the store layer, the export packs, the team pricing) the shared chunks Rollup cuts for the pages grew
  // more than each did alone: a chunk one page needs now carries modules another page needs: 45.2 KB measured.
  // The store migrations' record of having run (each runs once; one cut off halfway runs again), and storage calls
  // moved into the store's own modules (the export packs, the ledger's writes, the key's custody): 45.6 KB.
  // A bulk reveal's storage made to keep up with its lookups: the ledger's days in parts with a writer that starts
  // from what it last stored during a run, the job apart from its contacts' parts with a writer of what changed,
  // and their two store migrations, and the vault's lookups asked together read together: 47.4 KB.
  // The caps and the team membership read once for a bulk run and kept until they change (not once per group of
  // lookups): 47.5 KB.
  // The vault kept in 2,048 buckets (its writer under one lock, the view read in both layouts) and store migration 6
  // moving version 1's keys in steps after the start: 48.7 KB.
  // A bulk run's settles held for the next write-ahead and flushed before its receipt, and the library index's
  // writes paced a second apart while it runs: 49.0 KB.
  // Every slug LinkedIn issues (emoji and their joiners) a profile URL: 49.3 KB.
  { name: 'background', entry: 'background.js', budget: 49.5 * KB },
];

/** The files an entry loads: an HTML page's scripts, preloads and styles, and every static import, recursively. */
function closure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith('.js')) return;
    const code = readFileSync(join(OUT, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(join(dirname(file), match[1]!));
    }
  };
  if (entry.endsWith('.html')) {
    const html = readFileSync(join(OUT, entry), 'utf8');
    for (const match of html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)) visit(match[1]!);
  } else {
    visit(entry);
  }
  return [...seen].filter((file) => file.endsWith('.js') || file.endsWith('.css'));
}

if (!existsSync(OUT)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

let over = false;
for (const { name, entry, budget } of BUDGETS) {
  const files = closure(entry);
  const raw = files.reduce((sum, file) => sum + readFileSync(join(OUT, file)).length, 0);
  const gz = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(OUT, file)), { level: 9 }).length,
    0,
  );
  const ok = gz <= budget;
  over ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${name.padEnd(15)} ${(gz / KB).toFixed(1).padStart(5)} KB gzip / ${+(budget / KB).toFixed(1)} KB budget  (${(raw / KB).toFixed(1)} KB raw, ${files.length} files)`,
  );
}
process.exit(over ? 1 : 0);
