/**
 * `npm run bench -- follow`: how soon the side panel follows LinkedIn's in-page navigation, in Chromium with the
 * built extension. A LinkedIn tab (a local page on LinkedIn's URL) moves from profile to profile with
 * `history.pushState`, as LinkedIn does; the content script reports each profile, the background stores the report
 * (its `seenAt` is when it arrived), and the panel beside the tab shows the new person. Measured: from the report
 * stored to the person's name on screen in the panel, over 40 moves (the first 5 warm up). Goal: within 150 ms.
 */
import { launchBench } from './bench-ui';

const MOVES = 40;
const WARM_UP = 5;

/** A LinkedIn-like profile page that can move to another profile in place. */
const PAGE = `<!doctype html><html><head><title>LinkedIn</title><link rel="icon" href="data:,">
<script>window.__go = (path, name) => { history.pushState({}, '', path); document.querySelector('h1').textContent = name; };</script>
</head><body><main><section><h1>Person 0</h1><div class="text-body-medium">Engineer</div></section></main></body></html>`;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Runs the measure and prints p50, p95 and the worst. */
export async function benchFollow(): Promise<void> {
  const { context, worker, base } = await launchBench();
  try {
    await context.route('https://www.linkedin.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: PAGE }),
    );
    const linkedin = await context.newPage();
    await linkedin.goto('https://www.linkedin.com/in/bench-person-0');
    const tabId = (await worker.evaluate(`(async () => {
      const tabs = await chrome.tabs.query({});
      return tabs.find((t) => (t.url || '').includes('/in/bench-person-0')).id;
    })()`)) as number;
    const panel = await context.newPage();
    await panel.goto(`${base}/sidepanel.html?tabId=${tabId}`);
    await panel.getByTestId('profile-name').waitFor();
    const samples: number[] = [];
    for (let i = 1; i <= MOVES; i++) {
      const name = `Person ${i}`;
      // Armed before the move: the time the panel's heading first shows the new name.
      const shown = panel.evaluate(`new Promise((done) => {
        const read = () => document.querySelector('[data-testid=profile-name]')?.textContent === ${JSON.stringify(name)};
        const observer = new MutationObserver(() => { if (read()) { observer.disconnect(); done(Date.now()); } });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      })`) as Promise<number>;
      await linkedin.evaluate(`window.__go('/in/bench-person-${i}', ${JSON.stringify(name)})`);
      const at = await shown;
      const seenAt = (await worker.evaluate(`(async () => {
        const key = 'tab:${tabId}';
        return Date.parse((await chrome.storage.session.get(key))[key].seenAt);
      })()`)) as number;
      if (i > WARM_UP) samples.push(at - seenAt);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(
      `follow      side panel after LinkedIn's in-page navigation (report stored to the person on screen): p50 ${quantile(sorted, 0.5)} ms, p95 ${quantile(sorted, 0.95)} ms, max ${sorted.at(-1)} ms (${samples.length} moves; goal 150 ms)`,
    );
  } finally {
    await context.close();
  }
}
