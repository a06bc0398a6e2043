/**
 * `npm run bench`: the performance figures, measured here rather than asserted in timed tests.
 *
 * - dataset: building the simulator's seeded dataset;
 * - search: the simulator answering searches over the whole dataset, in process (no HTTP), per query shape;
 * - lookups: 15 concurrent lookups through the real client over loopback HTTP (the spec's recommended parallelism);
 * - csv: writing 1,000 result rows as CSV;
 * - validation: the client's request + response checks for one 100-profile search page;
 * - render: 100 result rows in the side panel, in Chromium;
 * - bulk: a bulk reveal of 150 contacts at 200 ms latency against its physical limit and one at a time.
 * - the popup (worker running, and stopped first: Chrome stops it when idle), the worker's heap and storage after a
 *   start, and the contacts library's load and export over a vault of 1,000 to 50,000 contacts (`bench-ui.ts`);
 * - the side panel's page of 100 rows with their vault status, and its live search, over the same vault sizes
 *   (`bench-panel.ts`).
 * - the side panel following LinkedIn's in-page navigation: from the profile's report to the person on screen, p50
 *   and p95 (`bench-follow.ts`).
 * - the team gateway: overhead, team-held answers, single flight, throughput (`bench-gateway.ts`).
 *
 * `npm run bench -- bulk render` runs only the parts named (dataset, search, lookups, csv, render, bulk, ui, panel,
 * follow, gateway): one figure measured again and again, without the minutes the others take.
 * `--write docs/performance.md` also writes what the run printed into that page, with the goals, the date, the
 * commit and the machine (`bench-report.ts`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildDataset } from '../sim/dataset/build-dataset';
import { DEMO_PROFILES } from '../sim/demo-profiles';
import { createSimulator, startSimulator } from '../sim/server';
import { createClient } from '../src/api/client';
import { SearchResponse, searchRequestProblem } from '../src/api/schema';
import { toCsv } from '../src/search/csv';
import { PUT_SEARCH } from '../test/e2e/vault-db';
import { PARTS as BENCH_PARTS, type BenchPart, renderRun, spliceRun } from './bench-report';

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}
const ms = (n: number) => `${n.toFixed(2)} ms`;

const PARTS: readonly string[] = BENCH_PARTS.map(({ part }) => part);
const { values: flags, positionals: asked } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { write: { type: 'string' } },
});
const unknown = asked.filter((name) => !PARTS.includes(name));
if (unknown.length > 0)
  throw new Error(`Unknown bench part ${unknown.join(', ')}: choose from ${PARTS.join(', ')}.`);
/** Whether the part named runs: every part when none is named. */
const runs = (part: string) => asked.length === 0 || asked.includes(part);

// With --write, every line printed is kept for the page as well.
const printed: string[] = [];
const loadAtStart = loadavg();
if (flags.write !== undefined) {
  const print = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
    print(...args);
  };
}

async function time<T>(fn: () => Promise<T> | T): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

// Dataset
if (runs('dataset')) {
  const runs: number[] = [];
  let size = 0;
  for (let i = 0; i < 5; i++) {
    const [t, dataset] = await time(() => buildDataset());
    runs.push(t);
    size = dataset.profiles.length;
  }
  const s = stats(runs);
  console.log(`dataset     ${size} profiles built in ${ms(s.p50)} (p50 of 5), max ${ms(s.max)}`);
}

// Search, in process
if (runs('search')) {
  const { app } = createSimulator();
  const queries: Array<[string, object]> = [
    ['title (fuzzy)', { search_criteria: { current_title: ['software engineer'] }, page_size: 100 }],
    [
      'title + similar',
      { search_criteria: { current_title: ['Product Manager'] }, include_similar_titles: true },
    ],
    ['exact + exclusion', { search_criteria: { current_title: ['"Registered Nurse"', '-travel'] } }],
    ['radius', { search_criteria: { location: ['Austin::~50mi'], years_experience: ['5+'] } }],
    ['numeric ranges', { search_criteria: { company_size: ['51-200'], company_funding_min: ['10000000+'] } }],
    ['free text', { free_text_search: 'senior data engineers in London with 5+ years at fintech companies' }],
    [
      'job description',
      {
        jd_search: `We are Acme Health, hiring a Registered Nurse in Boston. ${'Care for patients. '.repeat(200)} 3+ years of experience; BSN in Nursing.`,
      },
    ],
  ];
  for (const [label, body] of queries) {
    const samples: number[] = [];
    for (let i = 0; i < 60; i++) {
      const [t, response] = await time(() =>
        app.request('/v1/search', {
          method: 'POST',
          headers: { 'x-api-key': 'demo-key', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (response.status !== 200) throw new Error(`${label}: HTTP ${response.status}`);
      if (i >= 10) samples.push(t); // the first runs warm the JIT
    }
    const s = stats(samples);
    console.log(`search      ${label.padEnd(18)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  (in process, 50 runs)`);
  }
}

// 15 concurrent lookups over HTTP
if (runs('lookups')) {
  const sim = await startSimulator({ port: 0 });
  const client = createClient({ baseUrl: sim.url, apiKey: 'demo-key' });
  const ids = Object.values(DEMO_PROFILES).map((p) => p.social_url);
  const rounds: number[] = [];
  for (let round = 0; round < 10; round++) {
    const [t] = await time(() =>
      Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          client.lookup({
            social_url: ids[i % ids.length]!,
            reveal_personal_email: true,
            reveal_phone: true,
          }),
        ),
      ),
    );
    rounds.push(t);
  }
  const s = stats(rounds);
  console.log(`lookups     15 concurrent over loopback HTTP: p50 ${ms(s.p50)}, max ${ms(s.max)} (10 rounds)`);
  await sim.close();
}

// CSV and response validation
if (runs('csv')) {
  const { app } = createSimulator();
  const response = await app.request('/v1/search', {
    method: 'POST',
    headers: { 'x-api-key': 'demo-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ search_criteria: { location: ['United States'] }, page_size: 100 }),
  });
  const json = await response.json();
  const validations: number[] = [];
  for (let i = 0; i < 200; i++) {
    const [t] = await time(() => {
      searchRequestProblem({ search_criteria: { location: ['United States'] }, page_size: 100 });
      return SearchResponse.parse(json);
    });
    if (i >= 20) validations.push(t);
  }
  console.log(`validation  100-profile search page checked with zod: p50 ${ms(stats(validations).p50)}`);

  const page = SearchResponse.parse(json).data.profiles;
  const rows = Array.from({ length: 1000 }, (_, i) => {
    const p = page[i % page.length]!;
    return [
      p.name,
      p.current_title,
      p.current_employer,
      p.location,
      p.social_url,
      'someone@example.com',
      '+1 555 0100',
    ];
  });
  const csvRuns: number[] = [];
  for (let i = 0; i < 30; i++) {
    const [t] = await time(() =>
      toCsv(['Name', 'Title', 'Employer', 'Location', 'Profile', 'Email', 'Phone'], rows),
    );
    csvRuns.push(t);
  }
  console.log(`csv         1,000 rows written: p50 ${ms(stats(csvRuns).p50)}`);
}

// 100 result rows in the side panel, in Chromium with the built extension: from the stored page landing to the
// rows being in the document (what the recruiter waits for after a search answers).
if (runs('render')) {
  const { launchBench } = await import('./bench-ui');
  const { context, base } = await launchBench();
  const panel = await context.newPage();
  await panel.goto(`${base}/sidepanel.html`);
  await panel.waitForLoadState('load');
  const samples: number[] = [];
  for (let run = 0; run < 12; run++) {
    // A string, not a function: tsx would wrap named helpers in a `__name` call the page does not have.
    const elapsed = (await panel.evaluate(`(async () => {
      ${PUT_SEARCH};
      const run = ${run};
      const at = new Date().toISOString();
      const profiles = Array.from({ length: 100 }, (_, i) => ({
        id: run + '-' + i,
        name: 'Zoë Müller ' + run + '-' + i,
        current_title: 'Registered Nurse',
        current_employer: 'Arbor Health',
        location: 'Boston, Massachusetts, United States',
        social_url: 'https://www.linkedin.com/in/bench-' + run + '-' + i,
      }));
      const request = { search_criteria: { current_title: ['Registered Nurse'] }, page_size: 100 };
      const session = {
        v: 1, id: 'bench-' + run, mode: 'filters', first: request,
        frozen: { ...request, include_similar_titles: false }, understood: {}, pageSize: 100,
        pages: [{ start: 1, profiles, total: 1000, hasNext: true, nextStart: 101, charged: 1, at }],
        currentStart: 1, status: 'done', startedAt: at,
      };
      const started = performance.now();
      await putSearch(session);
      await new Promise((done) => {
        (function check() {
          const ready = document.querySelectorAll('.result-card').length >= 100 &&
            document.body.textContent.includes('Zoë Müller ' + run + '-99');
          if (ready) done(); else requestAnimationFrame(check);
        })();
      });
      return performance.now() - started;
    })()`)) as number;
    if (run >= 2) samples.push(elapsed);
  }
  const s = stats(samples);
  console.log(
    `render      100 result rows in the side panel (Chromium): p50 ${ms(s.p50)}, max ${ms(s.max)} (10 runs)`,
  );
  await context.close();
}

// Bulk reveal through the real background in Chromium (see scripts/bench-bulk.ts).
if (runs('bulk')) {
  const { benchBulkReveal } = await import('./bench-bulk');
  await benchBulkReveal();
}

// The popup and the contacts library over a large vault (see scripts/bench-ui.ts and scripts/bench-library.ts).
if (runs('ui')) {
  const { benchUi } = await import('./bench-ui');
  await benchUi();
  const { benchLibrary } = await import('./bench-library');
  await benchLibrary();
}

// The side panel's 100 rows over a large vault (see scripts/bench-panel.ts).
if (runs('panel')) {
  const { benchPanel } = await import('./bench-panel');
  await benchPanel();
}

// The side panel following the tab (see scripts/bench-follow.ts).
if (runs('follow')) {
  const { benchFollow } = await import('./bench-follow');
  await benchFollow();
}

// The team gateway (see scripts/bench-gateway.ts).
if (runs('gateway')) {
  const { benchGateway } = await import('./bench-gateway');
  await benchGateway();
}

if (flags.write !== undefined) {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    // Changes to Markdown (this page among them) are not changes to what was measured.
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!*.md'],
      {
        encoding: 'utf8',
      },
    );
    if (dirty.trim() !== '') commit += ' (with uncommitted changes)';
  } catch {
    // Not a git checkout: the page says "unknown".
  }
  const block = renderRun({
    at: new Date(),
    commit,
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
      memoryBytes: totalmem(),
      node: process.versions.node,
    },
    load: { start: loadAtStart, end: loadavg() },
    parts: PARTS.filter(runs) as BenchPart[],
    sizes: process.env.BENCH_SIZES,
    lines: printed,
  });
  const page = existsSync(flags.write) ? readFileSync(flags.write, 'utf8') : null;
  writeFileSync(flags.write, spliceRun(page, block));
  console.log(`bench       written to ${flags.write}`);
}
