/**
 * Two or more builds of the popup and the platform's floor (`bench-floor.ts`) in one browser, opened in turn, so a
 * before and after meet the same load: `node --import tsx scripts/bench-popup-builds.ts <build> <build> ...`
 * (folders of `wxt build` output, copied aside; each gets a `bench-build.txt` naming it). Prints, for each build and
 * the floor, the p50 of open to interactive (as `npm run bench -- ui` reads it), its ratio to the floor, and the
 * page's own `domInteractive`, `DOMContentLoaded` and its first message to its worker asked to answered, and round by round (each open against the floor's and the first
 * build's of the same round) the p50 of its ratios; `BENCH_OPENS` warm opens (20), `BENCH_COLD` with the worker
 * stopped first (5).
 */
import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { chromium, type Worker } from 'playwright-core';
import { findChromium } from '../test/e2e/chromium-path';
import { PUT_RECORDS } from '../test/e2e/vault-db';
import { stopWorker } from './bench-cold';
import { FLOOR_NAME, FLOOR_READY, writeFloorExtension } from './bench-floor';
import { stagesInPage } from './bench-wait';

const SUBJECT = 'https://www.linkedin.com/in/bench-subject';
const SUBJECT_PAGE = `<!doctype html><html><head><title>LinkedIn</title><link rel="icon" href="data:,"></head>
<body><main><section><h1>Bench Subject</h1><div class="text-body-medium">Engineer</div></section></main></body></html>`;
/** As `bench-ui.ts` reads it: the held email on screen and the priced "Add" buttons drawn. */
const READY = `document.querySelector('[data-item="email"] a') && [...document.querySelectorAll('button')].some((b) => b.textContent.startsWith('Add '))`;
const FLOOR = 'floor';

const builds = process.argv.slice(2).map((folder) => resolve(folder));
if (builds.length === 0) throw new Error('Name the build folders to compare.');
for (const folder of builds) writeFileSync(resolve(folder, 'bench-build.txt'), basename(folder));
const all = [...builds, writeFloorExtension()].join(',');
const context = await chromium.launchPersistentContext('', {
  executablePath: findChromium(),
  headless: true,
  args: [`--disable-extensions-except=${all}`, `--load-extension=${all}`, '--no-first-run'],
});
const end = Date.now() + 20_000;
while (context.serviceWorkers().length < builds.length + 1 && Date.now() < end)
  await context.waitForEvent('serviceworker', { timeout: 20_000 }).catch(() => undefined);
// Each build opens its first-run page on install: let those land before the subject's tab is opened.
await new Promise((done) => setTimeout(done, 3_000));
await context.route('https://www.linkedin.com/**', (route) =>
  route.fulfill({ contentType: 'text/html', body: SUBJECT_PAGE }),
);
await (await context.newPage()).goto(SUBJECT);

const named = new Map<string, { base: string; worker: Worker }>();
for (const worker of context.serviceWorkers()) {
  const base = `chrome-extension://${new URL(worker.url()).host}`;
  const floor = (await worker.evaluate('chrome.runtime.getManifest().name')) === FLOOR_NAME;
  const name = floor
    ? FLOOR
    : ((await worker.evaluate(`fetch('/bench-build.txt').then((r) => r.text())`)) as string).trim();
  named.set(name, { base, worker });
}
let tab = 0;
for (const [name, { worker }] of named) {
  if (name === FLOOR) continue;
  tab = (await worker.evaluate(
    `chrome.tabs.query({}).then((tabs) => tabs.find((t) => (t.url || '').startsWith('${SUBJECT}'))?.id ?? null)`,
  )) as number;
  await worker.evaluate(`(async () => { ${PUT_RECORDS}
    const at = new Date().toISOString();
    await chrome.storage.session.set({ 'tab:${tab}': { socialUrl: '${SUBJECT}', nameHint: 'Bench Subject', seenAt: at } });
    await putRecords([{ v: 1, key: '${SUBJECT}', socialUrl: '${SUBJECT}', candidateId: null, name: 'Bench Subject',
      currentTitle: null, currentEmployer: null, email: { found: true, value: 'subject@example.org', at }, updatedAt: at }]);
  })()`);
}

/**
 * Times the page's first message to its worker (the popup's `tabPerson`, the floor's one message): asked to
 * answered, in the page's clock, kept on the page for `open` to read.
 */
const ROUND = `(() => {
  const runtime = globalThis.chrome && chrome.runtime;
  if (!runtime || !runtime.sendMessage) return;
  const send = runtime.sendMessage.bind(runtime);
  runtime.sendMessage = (...args) => {
    const asked = performance.now();
    const first = globalThis.__round === undefined;
    if (first) globalThis.__round = null;
    const answered = () => { if (first) globalThis.__round = performance.now() - asked; };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const reply = args[last];
      args[last] = (...answer) => { answered(); return reply(...answer); };
    }
    const out = send(...args);
    if (out && typeof out.then === 'function') out.then(answered, () => undefined);
    return out;
  };
})()`;

/** One open: to interactive, `domInteractive`, `DOMContentLoaded` and the first message's round, in the page's clock. */
async function open(name: string, cold: boolean): Promise<number[]> {
  const { base } = named.get(name)!;
  if (cold) await stopWorker(context, base);
  const page = await context.newPage();
  await page.addInitScript(ROUND);
  try {
    await page.goto(name === FLOOR ? `${base}/popup.html` : `${base}/popup.html?tabId=${tab}`, {
      waitUntil: 'commit',
    });
    const { times } = (await page.evaluate(stagesInPage([name === FLOOR ? FLOOR_READY : READY]))) as {
      times: number[];
    };
    const navigation = (await page.evaluate(
      `(() => { const n = performance.getEntriesByType('navigation')[0]; return [n.domInteractive, n.domContentLoadedEventStart]; })()`,
    )) as number[];
    const round = (await page.evaluate('globalThis.__round ?? NaN')) as number;
    return [times[0]!, ...navigation, round];
  } finally {
    await page.close();
  }
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const names = [...named.keys()];
for (const [mode, opens, warmUp] of [
  ['worker running', Number(process.env.BENCH_OPENS ?? 20), 3],
  ['worker stopped first', Number(process.env.BENCH_COLD ?? 5), 0],
] as const) {
  const samples = new Map<string, number[][]>();
  for (let i = 0; i < opens + warmUp; i++) {
    // Each round in the other order, so no build always follows the same one.
    for (const name of i % 2 ? [...names].reverse() : names) {
      const sample = await open(name, mode === 'worker stopped first');
      if (i >= warmUp) samples.set(name, [...(samples.get(name) ?? []), sample]);
    }
  }
  const floor = p50(samples.get(FLOOR)!.map(([ready]) => ready!));
  const first = samples.get(names.find((name) => name !== FLOOR)!)!;
  // Round by round: each open against the floor's and the first build's of the same round, which met the same load.
  const paired = (mine: number[][], other: number[][]) =>
    p50(mine.map(([at], round) => at! / other[round]![0]!)).toFixed(2);
  for (const name of names) {
    const mine = samples.get(name)!;
    const ready = p50(mine.map(([at]) => at!));
    console.log(
      `${mode}, ${name}: ready p50 ${ready.toFixed(0)} ms (${(ready / floor).toFixed(2)}x the floor; round by round ${paired(mine, samples.get(FLOOR)!)}x the floor, ${paired(mine, first)}x the first build), domInteractive ${p50(mine.map((s) => s[1]!)).toFixed(0)} ms, DOMContentLoaded ${p50(mine.map((s) => s[2]!)).toFixed(0)} ms, first message asked to answered ${p50(mine.map((s) => s[3]!)).toFixed(0)} ms`,
    );
  }
}
await context.close();
