/**
 * `npm run bench`, the recruiter's screens over a large vault, in Chromium with the built extension:
 *
 * - popup open to interactive (the page requested to the profile's revealed email on screen, its priced "Add" buttons ready) with
 *   1,000, 10,000 and 50,000 contacts in the vault, with the worker running and with it stopped first (as Chrome
 *   stops it after ~30 s idle); after such a start, the worker's heap at 2.5 s and how long a page's small storage
 *   reads stay slow (`bench-cold.ts`); and, opened in turn with it, a minimal extension's popup (`bench-floor.ts`):
 *   the platform's floor, against which the popup's own cost is a ratio of one run;
 * - the "Revealed contacts" library: `bench-library.ts`, run after this (`BENCH_UI=popup` or `library` runs one
 *   half; `BENCH_EXTENSION=<folder>` measures another build, a before and after).
 *
 * The goal is flat: the popup reads one contact whatever the vault holds, and the library lists its first rows from
 * the index's small first page, not every record nor every line. Ratios against 1,000 contacts are printed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { type BrowserContext, chromium, type Worker } from 'playwright-core';
import { findChromium } from '../test/e2e/chromium-path';
import { PUT_RECORDS, STORED_CONTACTS } from '../test/e2e/vault-db';
import {
  runningWorker,
  type StorageAfterStart,
  stopWorker,
  storageAfterStart,
  workerHeapMb,
} from './bench-cold';
import { FLOOR_NAME, FLOOR_READY, writeFloorExtension } from './bench-floor';
import { benchSizes, stagesInPage } from './bench-wait';

const ROOT = resolve(import.meta.dirname, '..');
/** The build measured: `.output/chrome-mv3`, or another build's folder in `BENCH_EXTENSION` (a before and after). */
const EXTENSION = resolve(ROOT, process.env.BENCH_EXTENSION ?? '.output/chrome-mv3');
/** `BENCH_UI=popup` or `BENCH_UI=library` runs that half of the part alone. */
const HALF = process.env.BENCH_UI;
const SIZES = benchSizes();
/** The size ratios are taken against, as printed. */
const FIRST = SIZES[0]!.toLocaleString('en-US');
const SUBJECT = 'https://www.linkedin.com/in/bench-subject';
/** The subject's LinkedIn profile, served locally on LinkedIn's URL: the popup reads the tab it is opened for. */
const SUBJECT_PAGE = `<!doctype html><html><head><title>LinkedIn</title><link rel="icon" href="data:,"></head>
<body><main><section><h1>Bench Subject</h1><div class="text-body-medium">Engineer</div></section></main></body></html>`;

const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
/** The machine's load now (1-minute average): every figure here grows with it. */
export const load = () => `load ${loadavg()[0]!.toFixed(1)}`;
const ratio = (values: readonly number[], i: number) =>
  `${(values[i]! / values[0]!).toFixed(2)}x of ${FIRST}`;
const COLD_RUNS = 5;
/** The popup's goal against the platform's floor (`bench-floor.ts`), warm and cold. */
const FLOOR_GOAL = 1.3;
/**
 * Adds contacts `from`..`to` to the vault, as reveals write them.
 * (Strings, not functions, are evaluated: tsx would wrap named helpers in a `__name` call the page does not have.)
 */
export async function grow(worker: Worker, from: number, to: number): Promise<void> {
  await worker.evaluate(`(async () => {
    ${PUT_RECORDS}
    const titles = ['Registered Nurse', 'Software Engineer', 'Product Manager', 'Data Analyst', 'Recruiter'];
    const employers = ['Arbor Health', 'Tessellate Pay', 'Brightpath', 'Analytical Engines', 'Northwind'];
    const detailed = { skills: ['Triage', 'ICU', 'Patient care'], experience: [{ title: 'Nurse', company: 'Arbor' }],
      education: [{ school: 'Northeastern University', degree: 'BSN' }], job_history: [] };
    for (let start = ${from}; start < ${to}; start += 5000) {
      const batch = [];
      for (let i = start; i < Math.min(${to}, start + 5000); i++) {
        const key = 'https://www.linkedin.com/in/bench-' + i;
        // Within the default retention period (365 days): the vault keeps the size it is measured at.
        const at = new Date(Date.now() - (i % 300) * 86400000).toISOString();
        batch.push({ v: 1, key, socialUrl: key, candidateId: String(1000000 + i),
          name: 'Person ' + i + ' Müller', currentTitle: titles[i % 5], currentEmployer: employers[(i >> 3) % 5],
          // Outside the regions whose contacts leave after 30 days (src/retention): the default period keeps them.
          location: 'Boston, Massachusetts, United States',
          email: { found: true, value: 'person' + i + '@example.org', at },
          ...(i % 2 ? { phone: { found: true, value: '+1 555 01' + (i % 100), at } } : { phone: { found: false, at } }),
          ...(i % 3 === 0 ? { detailed_profile: { found: true, value: detailed, at } } : {}),
          updatedAt: at });
      }
      await putRecords(batch);
    }
  })()`);
  const held = (await worker.evaluate(
    `(async () => { ${STORED_CONTACTS}; return (await storedContacts()).length; })()`,
  )) as number;
  if (held >= to) return;
  throw new Error(`the vault holds ${held} contacts, not ${to}`);
}

/**
 * Times from the request of a page to each of `stages` (JS expressions, met in turn) holding, in the page's own
 * clock: one open gives the time to the first rows and to every contact read, the second stage never slowed by a
 * page closed before its own reads ended.
 */
export async function openToStages(
  context: BrowserContext,
  url: string,
  stages: readonly string[],
  seen?: string,
): Promise<number[]> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const { times } = (await page.evaluate(stagesInPage(stages, seen ? { seen } : {}))) as {
      times: number[];
    };
    return times;
  } finally {
    await page.close();
  }
}

/** One open of a page with the worker stopped first: to `ready`, the worker's heap at 2.5 s, storage after. */
interface ColdOpen {
  readyMs: number;
  heapMb: number;
  storage: StorageAfterStart;
}

/**
 * Stops the worker, then opens `url` (whose messages wake it) and times it to `ready`; meanwhile reads the worker's
 * heap 2.5 s after the request, and the page's small storage reads until 6 s after it.
 */
async function coldOpen(context: BrowserContext, url: string, ready: string): Promise<ColdOpen> {
  // This extension's worker, not the floor's beside it.
  await stopWorker(context, url.slice(0, url.indexOf('/', 'chrome-extension://'.length)));
  const page = await context.newPage();
  const requested = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const {
    times: [readyMs],
  } = (await page.evaluate(stagesInPage([ready]))) as { times: [number] };
  const storage = storageAfterStart(page, 6_000);
  await new Promise((r) => setTimeout(r, Math.max(0, requested + 2_500 - Date.now())));
  const heapMb = await workerHeapMb(context);
  const result = { readyMs, heapMb, storage: await storage };
  await page.close();
  return result;
}

/** Time from the request of a page to `ready` (a JS expression) holding, in the page's own clock. */
export const openToReady = async (context: BrowserContext, url: string, ready: string): Promise<number> =>
  (await openToStages(context, url, [ready]))[0]!;

/**
 * Headless Chromium with the built extension (built first when there is no build), and the extensions in `beside`
 * (unpacked folders) loaded with it: the context, the extension's service worker and the base of its pages' URLs,
 * and the base of each extension beside it, in order.
 */
export async function launchBench(beside: readonly string[] = []): Promise<{
  context: BrowserContext;
  worker: Worker;
  base: string;
  besideBases: string[];
}> {
  if (!existsSync(resolve(EXTENSION, 'manifest.json')) && !process.env.BENCH_EXTENSION) {
    execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
  const all = [EXTENSION, ...beside].join(',');
  const context = await chromium.launchPersistentContext('', {
    executablePath: findChromium(),
    headless: true,
    args: [`--disable-extensions-except=${all}`, `--load-extension=${all}`, '--no-first-run'],
  });
  // Each extension's worker, told apart by the folder its manifest was loaded from (the ids are Chromium's hashes).
  const end = Date.now() + 10_000;
  while (context.serviceWorkers().length < 1 + beside.length) {
    if (Date.now() > end) throw new Error('not every extension started its service worker');
    await context.waitForEvent('serviceworker', { timeout: 10_000 }).catch(() => undefined);
  }
  const named = await Promise.all(
    context.serviceWorkers().map(async (worker) => ({
      worker,
      name: (await worker.evaluate('chrome.runtime.getManifest().name')) as string,
    })),
  );
  const ours = named.find(({ name }) => name !== FLOOR_NAME)?.worker;
  if (!ours) throw new Error("the extension's service worker did not start");
  const baseOf = (worker: Worker) => `chrome-extension://${new URL(worker.url()).host}`;
  return {
    context,
    worker: ours,
    base: baseOf(ours),
    besideBases: named.filter(({ worker }) => worker !== ours).map(({ worker }) => baseOf(worker)),
  };
}

/** Runs the popup half of the UI section of the bench (unless `BENCH_UI=library`). */
export async function benchUi(): Promise<void> {
  if (HALF === 'library') return;
  const { context, worker, base, besideBases } = await launchBench([writeFloorExtension()]);
  const floorBase = besideBases[0]!;
  try {
    // The popup's subject: a LinkedIn profile open in a tab (the popup reads that tab's page, and says so when the
    // tab is gone), whose email the vault holds.
    await context.route('https://www.linkedin.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: SUBJECT_PAGE }),
    );
    const subjectTab = await context.newPage();
    await subjectTab.goto(SUBJECT);
    const TAB = (await worker.evaluate(`(async () => {
      const tabs = await chrome.tabs.query({});
      return tabs.find((t) => (t.url || '').startsWith('${SUBJECT}'))?.id ?? null;
    })()`)) as number | null;
    if (TAB === null) throw new Error(`no tab found for ${SUBJECT}`);
    await worker.evaluate(`(async () => {
      ${PUT_RECORDS}
      const at = new Date().toISOString();
      await chrome.storage.session.set({ 'tab:${TAB}': { socialUrl: '${SUBJECT}', nameHint: 'Bench Subject', seenAt: at } });
      await putRecords([{ v: 1, key: '${SUBJECT}', socialUrl: '${SUBJECT}',
        candidateId: null, name: 'Bench Subject', currentTitle: null, currentEmployer: null,
        email: { found: true, value: 'subject@example.org', at }, updatedAt: at }]);
    })()`);

    // A contact already revealed shows its email as the hero and what is left to reveal as priced "Add" buttons.
    const popupReady = `document.querySelector('[data-item="email"] a') && [...document.querySelectorAll('button')].some((b) => b.textContent.startsWith('Add '))`;
    const popup: number[] = [];
    const cold: ColdOpen[] = [];
    // The minimal popup's (bench-floor.ts), warm and with its worker stopped first, at each size.
    const floor: number[] = [];
    const floorCold: number[] = [];
    const loads: string[] = [];
    let grown = 0;
    const popupAt = async () => {
      const runs: number[] = [];
      const floorRuns: number[] = [];
      // The popup and the floor's popup in turn, so both meet the same load.
      for (let i = 0; i < 14; i++) {
        runs.push(await openToReady(context, `${base}/popup.html?tabId=${TAB}`, popupReady));
        floorRuns.push(await openToReady(context, `${floorBase}/popup.html`, FLOOR_READY));
      }
      // The first runs warm the browser's caches after the writes.
      popup.push(p50(runs.slice(4)));
      floor.push(p50(floorRuns.slice(4)));
      const colds: ColdOpen[] = [];
      const floorColds: number[] = [];
      for (let i = 0; i < COLD_RUNS; i++) {
        colds.push(await coldOpen(context, `${base}/popup.html?tabId=${TAB}`, popupReady));
        await stopWorker(context, floorBase);
        floorColds.push(await openToReady(context, `${floorBase}/popup.html`, FLOOR_READY));
      }
      floorCold.push(p50(floorColds));
      cold.push({
        readyMs: p50(colds.map((c) => c.readyMs)),
        heapMb: p50(colds.map((c) => c.heapMb)),
        storage: {
          longestMs: p50(colds.map((c) => c.storage.longestMs)),
          busyUntilMs: p50(colds.map((c) => c.storage.busyUntilMs)),
        },
      });
    };
    for (const size of SIZES) {
      // The worker stopped by the last size's cold starts is woken to index what lands.
      await grow(await runningWorker(context, base), grown, size);
      grown = size;
      loads.push(load());
      await popupAt();
    }
    const count = (size: number) => size.toLocaleString('en-US').padStart(6);
    for (const [i, size] of SIZES.entries()) {
      console.log(
        `popup       open to interactive, worker running, ${count(size)} contacts in the vault: p50 ${ms(popup[i]!)} (${ratio(popup, i)}; ${loads[i]})`,
      );
    }
    const coldReady = cold.map((c) => c.readyMs);
    const heaps = cold.map((c) => c.heapMb);
    for (const [i, size] of SIZES.entries()) {
      const c = cold[i]!;
      console.log(
        `popup       open to interactive, worker stopped first, ${count(size)} contacts: p50 ${ms(c.readyMs)} (${ratio(coldReady, i)}; ${loads[i]}); worker heap 2.5 s after: ${c.heapMb.toFixed(1)} MB (${ratio(heaps, i)}); a small storage read after the start: longest ${ms(c.storage.longestMs)}, slow (>50 ms) until ${(c.storage.busyUntilMs / 1000).toFixed(1)} s (p50 of ${COLD_RUNS})`,
      );
    }

    for (const [i, size] of SIZES.entries()) {
      const warm = popup[i]! / floor[i]!;
      const stopped = cold[i]!.readyMs / floorCold[i]!;
      console.log(
        `popup       against a minimal extension's popup (one message to its worker, one button), same run, ${count(size)} contacts: worker running ${ms(popup[i]!)} vs ${ms(floor[i]!)} (${warm.toFixed(2)}x), worker stopped first ${ms(cold[i]!.readyMs)} vs ${ms(floorCold[i]!)} (${stopped.toFixed(2)}x); goal at most ${FLOOR_GOAL}x (${loads[i]})`,
      );
    }
  } finally {
    await context.close();
  }
}
