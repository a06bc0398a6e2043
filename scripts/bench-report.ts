/**
 * `npm run bench -- --write docs/performance.md`: the bench's own output written into the performance page, with the
 * goals, the date, the commit and the machine (cores, memory, load average), so the page's figures are always a run's
 * and never typed. Only the part between the two markers is the bench's; the rest of the page is prose kept as is.
 */

/** The bench's part of the page lies between these two lines. */
export const BEGIN =
  '<!-- bench:begin (written by `npm run bench -- --write`; edits here are overwritten) -->';
export const END = '<!-- bench:end -->';

/** The bench's parts, in the order they run, each with what it measures and its goal. */
export const PARTS = [
  { part: 'dataset', what: "building the simulator's seeded dataset", goal: 'none: watched for change' },
  {
    part: 'search',
    what: 'the simulator answering searches over its whole dataset, in process, by query shape',
    goal: 'none: watched for change',
  },
  {
    part: 'lookups',
    what: '15 concurrent lookups through the real client over loopback HTTP',
    goal: 'none: watched for change',
  },
  {
    part: 'csv',
    what: 'a 100-profile search page checked with zod, and 1,000 rows written as CSV',
    goal: 'none: watched for change',
  },
  {
    part: 'render',
    what: '100 result rows in the side panel, from the stored page to the rows on screen (Chromium)',
    goal: 'none: watched for change',
  },
  {
    part: 'bulk',
    what: 'a bulk reveal of 150 contacts at 200 ms lookup latency, against its limit ceil(150 / 15) × 200 ms; and one of 60 at 10 s a lookup, past Chrome’s 30 s idle stop, watched for a stop of its worker',
    goal: "within 1.15x the limit below load 2 (its storage work off the lookups' path); no worker stop during the long one, its control (the worker left idle after it) stopped by Chrome",
  },
  {
    part: 'ui',
    what: "the popup (worker running, and stopped first) against a minimal extension's popup opened the same way, and the contacts library over a vault of 1,000 to 50,000",
    goal: "the popup's open, worker running and stopped first, within 1.3x of 1,000's (and 500 ms) and within 1.3x of the minimal popup's; the library's first rows within 1.2x; one contact's delete, click to row gone, within 1.2x; a search typed as the library opens, open to its first matches, within 1.5x; an export of 50,000 within 1.5 s",
  },
  {
    part: 'panel',
    what: "the side panel's 100 rows with their vault status, and its live search, over the same vault sizes",
    goal: "flat: the 100 rows and the live search at the largest size within 1.2x of 1,000's, warm and cold",
  },
  {
    part: 'follow',
    what: "the side panel following LinkedIn's in-page navigation, from the report stored to the person on screen",
    goal: 'within 150 ms',
  },
  {
    part: 'gateway',
    what: 'the team gateway at 200 ms upstream latency: overhead, team-held answers, single flight, throughput',
    goal: 'p50 overhead under 10% of the upstream latency at 15 concurrent; 1 upstream lookup for 50 concurrent requests for one person',
  },
] as const;

export type BenchPart = (typeof PARTS)[number]['part'];

export interface BenchRun {
  /** When the run ended. */
  at: Date;
  commit: string;
  machine: { cores: number; cpu: string; memoryBytes: number; node: string };
  /** The 1, 5 and 15 minute load averages at the start and at the end. */
  load: { start: number[]; end: number[] };
  parts: readonly BenchPart[];
  /** `BENCH_SIZES`, when set. */
  sizes: string | undefined;
  /** Every line the bench printed, in order. */
  lines: readonly string[];
}

const loads = (values: number[]) => values.map((n) => n.toFixed(2)).join(' / ');

/** The bench's part of the page: the run's circumstances, the goals, and its output as printed. */
export function renderRun(run: BenchRun): string {
  const all = run.parts.length === PARTS.length;
  const ran = all
    ? 'every part'
    : `the ${run.parts.join(', ')} part${run.parts.length > 1 ? 's' : ''} only (the others were not run; \`npm run bench -- <part>\` runs one)`;
  const gib = (run.machine.memoryBytes / 1024 ** 3).toFixed(1);
  return [
    BEGIN,
    '## The latest run',
    '',
    `- **When:** ${run.at.toISOString().replace('T', ' ').slice(0, 16)} UTC, at commit ${run.commit}.`,
    `- **Machine:** ${run.machine.cores} cores (${run.machine.cpu}), ${gib} GiB of memory, Node ${run.machine.node}.`,
    `- **Load average** (1 / 5 / 15 min): ${loads(run.load.start)} at the start, ${loads(run.load.end)} at the end. The figures move with it.`,
    `- **What ran:** ${ran}${run.sizes ? `, with \`BENCH_SIZES=${run.sizes}\`` : ''}.`,
    '',
    '| Part | What it measures | Goal | In this run |',
    '|---|---|---|---|',
    ...PARTS.map(
      ({ part, what, goal }) =>
        `| \`${part}\` | ${what} | ${goal} | ${run.parts.includes(part) ? 'yes' : 'no'} |`,
    ),
    '',
    'What the bench printed:',
    '',
    '```',
    ...run.lines,
    '```',
    END,
  ].join('\n');
}

const PAGE_HEAD = `# Performance

The goals, and the figures of the latest \`npm run bench -- --write docs/performance.md\`. Each part runs alone with
\`npm run bench -- <part>\`; \`BENCH_SIZES=1000,10000\` runs the large-vault parts at fewer sizes.

`;

/** The page with the bench's part replaced by `block` (or a new page holding it, when there is none yet). */
export function spliceRun(page: string | null, block: string): string {
  if (page === null) return `${PAGE_HEAD}${block}\n`;
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (begin === -1 || end === -1 || end < begin) {
    throw new Error(`The page has no bench markers (${BEGIN} … ${END}): add them where the run belongs.`);
  }
  return page.slice(0, begin) + block + page.slice(end + END.length);
}
