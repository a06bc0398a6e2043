/**
 * Search latency over the whole dataset, measured outside the test suite (timings in tests are flaky on shared
 * machines): `node --import tsx sim/bench.ts`. Prints the start-up time and, per query shape, the median and 95th
 * percentile of 200 runs, and the mean CPU time, of the search pipeline (parsing, matching, ordering, paging; no HTTP).
 */
import type { SearchRequest } from '../src/api/schema';
import { createSimulator } from './server';

const started = performance.now();
const { state } = createSimulator();
const created = performance.now();
state.search.warmUp();
const warmed = performance.now();
console.log(
  `dataset: ${state.dataset.profiles.length} profiles in ${(created - started).toFixed(0)} ms; ` +
    `search index in ${(warmed - created).toFixed(0)} ms`,
);

const CASES: Record<string, SearchRequest> = {
  title: { search_criteria: { current_title: ['Software Engineer'] } },
  'typo + radius': {
    search_criteria: { current_title: ['sofware enginer'], location: ['San Francisco::~40mi'] },
  },
  'four fields': {
    search_criteria: {
      current_title: ['Registered Nurse', '-travel'],
      years_experience: ['3-10'],
      company_size: ['1000+'],
      location: ['Boston'],
    },
  },
  keywords: { search_criteria: { keywords: 'python, kubernetes' } },
  'free text': { free_text_search: 'senior data scientists in New York with 5+ years, fintech' },
  'jd search': {
    jd_search:
      'Brightpath Health is hiring a Registered Nurse in Boston, MA. 2+ years of experience. BSN required.',
  },
  'similar titles': { search_criteria: { current_title: ['Product Manager'] }, include_similar_titles: true },
};

for (const [name, request] of Object.entries(CASES)) {
  for (let i = 0; i < 20; i++) state.search.search(request);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    state.search.search(request);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  // CPU time as well: on a busy machine wall-clock figures mostly measure the other processes.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < 200; i++) state.search.search(request);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / 200;
  const total = state.search.search(request).total;
  console.log(
    `${name.padEnd(15)} ${String(total).padStart(5)} matches  median ${(times[100] ?? 0).toFixed(2)} ms  ` +
      `p95 ${(times[190] ?? 0).toFixed(2)} ms  cpu ${cpuMs.toFixed(2)} ms/search`,
  );
}
