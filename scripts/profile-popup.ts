/**
 * Where the popup's time goes, open by open: `node --import tsx scripts/profile-popup.ts <build> [opens]`. Opens the
 * popup of a build (as `npm run bench -- ui` does, its subject's email held) in turn with the platform's floor
 * (`bench-floor.ts`), and prints the p50 of each moment the page records: the HTML, each script file's arrival,
 * `domInteractive`, `DOMContentLoaded`, the page's own `performance.mark`s (a build with marks added shows them),
 * and ready as the bench reads it.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '../test/e2e/chromium-path';
import { PUT_RECORDS } from '../test/e2e/vault-db';
import { stopWorker } from './bench-cold';
import { FLOOR_NAME, FLOOR_READY, writeFloorExtension } from './bench-floor';
import { stagesInPage } from './bench-wait';

const SUBJECT = 'https://www.linkedin.com/in/bench-subject';
const SUBJECT_PAGE = `<!doctype html><html><head><title>LinkedIn</title></head><body><h1>Bench Subject</h1></body></html>`;
const READY = `document.querySelector('[data-item="email"] a') && [...document.querySelectorAll('button')].some((b) => b.textContent.startsWith('Add '))`;
const build = resolve(process.argv[2] ?? '.output/chrome-mv3');
const OPENS = Number(process.argv[3] ?? 20);
const COLD = process.env.PROFILE_COLD === '1';
const all = [build, writeFloorExtension()].join(',');
const context = await chromium.launchPersistentContext('', {
  executablePath: findChromium(),
  headless: true,
  args: [`--disable-extensions-except=${all}`, `--load-extension=${all}`, '--no-first-run'],
});
const end = Date.now() + 20_000;
while (context.serviceWorkers().length < 2 && Date.now() < end)
  await context.waitForEvent('serviceworker', { timeout: 20_000 }).catch(() => undefined);
await new Promise((done) => setTimeout(done, 3_000));
await context.route('https://www.linkedin.com/**', (route) =>
  route.fulfill({ contentType: 'text/html', body: SUBJECT_PAGE }),
);
await (await context.newPage()).goto(SUBJECT);
let base = '';
let floor = '';
let tab = 0;
for (const worker of context.serviceWorkers()) {
  const at = `chrome-extension://${new URL(worker.url()).host}`;
  if ((await worker.evaluate('chrome.runtime.getManifest().name')) === FLOOR_NAME) {
    floor = at;
    continue;
  }
  base = at;
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

const MOMENTS = `(() => {
  const n = performance.getEntriesByType('navigation')[0];
  const out = { html: n.responseEnd, domInteractive: n.domInteractive, dcl: n.domContentLoadedEventStart };
  for (const r of performance.getEntriesByType('resource')) {
    const name = r.name.split('/').pop().replace(/-[\\w-]{8}\\.(js|css)$/, '.$1');
    out['asked ' + name] = r.startTime;
    out['got ' + name] = r.responseEnd;
  }
  for (const m of performance.getEntriesByType('mark')) out['mark ' + m.name] = m.startTime;
  const paint = performance.getEntriesByType('paint');
  for (const p of paint) out[p.name] = p.startTime;
  return out;
})()`;

/** Every ask of the browser the page makes (storage, messages, IndexedDB), timed, when PROFILE_ASKS is set. */
const ASKS = `(() => {
  const asks = (globalThis.__asks = []);
  const wrap = (owner, name, label) => {
    const real = owner && owner[name];
    if (typeof real !== 'function') return;
    owner[name] = function (...args) {
      const at = performance.now();
      const what = label + ' ' + JSON.stringify(args[0] ?? '').slice(0, 60);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const reply = args[last];
        args[last] = (...answer) => { asks.push([at, performance.now(), what]); return reply(...answer); };
        return real.apply(this, args);
      }
      const out = real.apply(this, args);
      if (out && typeof out.then === 'function')
        out.then(() => asks.push([at, performance.now(), what]), () => asks.push([at, performance.now(), what + ' (failed)']));
      else asks.push([at, at, what]);
      return out;
    };
  };
  if (globalThis.chrome?.storage) {
    wrap(chrome.storage.local, 'get', 'local.get');
    wrap(chrome.storage.local, 'set', 'local.set');
    wrap(chrome.storage.session, 'get', 'session.get');
    wrap(chrome.runtime, 'sendMessage', 'message');
    wrap(chrome.tabs, 'query', 'tabs.query');
  }
  const open = indexedDB.open.bind(indexedDB);
  indexedDB.open = (...args) => { const at = performance.now(); const r = open(...args);
    r.addEventListener('success', () => asks.push([at, performance.now(), 'idb.open ' + args[0]]));
    return r; };
})()`;

async function open(url: string, ready: string, own: string): Promise<Record<string, number>> {
  if (COLD) await stopWorker(context, own);
  const page = await context.newPage();
  if (process.env.PROFILE_ASKS) await page.addInitScript(ASKS);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const { times } = (await page.evaluate(stagesInPage([ready]))) as { times: number[] };
    const moments = (await page.evaluate(MOMENTS)) as Record<string, number>;
    if (process.env.PROFILE_ASKS && url.startsWith(base)) {
      await new Promise((done) => setTimeout(done, 500));
      const asks = (await page.evaluate('globalThis.__asks ?? []')) as Array<[number, number, string]>;
      lastAsks = [
        ...asks,
        [times[0]!, times[0]!, 'ready (as the bench reads it)'] as [number, number, string],
      ].sort((a, b) => a[0] - b[0]);
    }
    return { ...moments, ready: times[0]! };
  } finally {
    await page.close();
  }
}

let lastAsks: Array<[number, number, string]> = [];
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mine: Array<Record<string, number>> = [];
const floors: Array<Record<string, number>> = [];
for (let i = 0; i < OPENS + 3; i++) {
  const a = await open(`${base}/popup.html?tabId=${tab}`, READY, base);
  const b = await open(`${floor}/popup.html`, FLOOR_READY, floor);
  if (i >= 3) {
    mine.push(a);
    floors.push(b);
  }
}
const show = (name: string, samples: Array<Record<string, number>>) => {
  const keys = [...new Set(samples.flatMap((s) => Object.keys(s)))];
  const rows = keys
    .map((k) => [k, p50(samples.map((s) => s[k]).filter((v): v is number => v !== undefined))] as const)
    .sort((a, b) => a[1] - b[1]);
  console.log(`${name} (${COLD ? 'worker stopped first' : 'worker running'}, p50 of ${samples.length}):`);
  for (const [k, v] of rows) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
};
show('popup', mine);
show('floor', floors);
console.log(`ratio ${(p50(mine.map((s) => s.ready!)) / p50(floors.map((s) => s.ready!))).toFixed(2)}x`);
if (lastAsks.length) {
  console.log("the last open's asks (asked, answered, what):");
  for (const [at, done, what] of lastAsks)
    console.log(`  ${at.toFixed(1).padStart(7)} ${done.toFixed(1).padStart(7)}  ${what}`);
}
await context.close();
