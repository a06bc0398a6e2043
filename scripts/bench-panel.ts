/**
 * `npm run bench`, the side panel over a large vault, in Chromium with the built extension: a search's page of 100
 * rows, half of them people the vault holds, from the panel's request to every row on screen with its vault status
 * ("email ✓" for the held half), with 1,000, 10,000 and 50,000 contacts in the vault.
 *
 * The goal is flat: the panel reads the records of the rows it shows, never the whole vault. Ratios against 1,000
 * contacts are printed.
 */
import { grow, launchBench, openToReady } from './bench-ui';

const SIZES = [1_000, 10_000, 50_000] as const;

const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A finished search whose one page is 100 people: `bench-0`..`bench-49` (held in the vault) and 50 never revealed. */
const SESSION = `(() => {
  const at = new Date().toISOString();
  const profiles = Array.from({ length: 100 }, (_, i) => {
    const slug = i < 50 ? 'bench-' + i : 'stranger-' + i;
    return { id: String(i < 50 ? 1000000 + i : 9000000 + i), name: 'Person ' + i, current_title: 'Registered Nurse',
      current_employer: 'Arbor Health', location: 'Boston, Massachusetts, United States',
      social_url: 'https://www.linkedin.com/in/' + slug };
  });
  const request = { search_criteria: { current_title: ['Registered Nurse'] }, page_size: 100 };
  return { v: 1, id: 'bench-panel', mode: 'filters', first: request,
    frozen: { ...request, include_similar_titles: false }, understood: {}, pageSize: 100,
    pages: [{ start: 1, profiles, total: 1000, hasNext: true, nextStart: 101, charged: 1, at }],
    currentStart: 1, status: 'done', startedAt: at };
})()`;

const READY = `document.querySelectorAll('.result-card').length >= 100 &&
  [...document.querySelectorAll('[data-testid=row-status]')].filter((s) => s.textContent.includes('✓')).length >= 50`;

/** Runs the side panel section of the bench. */
export async function benchPanel(): Promise<void> {
  const { context, worker, base } = await launchBench();
  try {
    await worker.evaluate(`chrome.storage.local.set({ search: ${SESSION} })`);
    const results: number[] = [];
    let grown = 0;
    for (const size of SIZES) {
      await grow(worker, grown, size);
      grown = size;
      const runs: number[] = [];
      for (let i = 0; i < 9; i++) runs.push(await openToReady(context, `${base}/sidepanel.html`, READY));
      // The first runs warm the browser's caches after the writes.
      results.push(p50(runs.slice(2)));
    }
    for (const [i, size] of SIZES.entries()) {
      console.log(
        `side panel  open to 100 rows with their vault status, ${size.toLocaleString('en-US').padStart(6)} contacts: p50 ${ms(results[i]!)} (${(results[i]! / results[0]!).toFixed(2)}x of 1,000)`,
      );
    }
  } finally {
    await context.close();
  }
}
