/**
 * Where the library's delete and first search spend their time (`node --import tsx scripts/profile-library.ts
 * [size] [out folder]`): the vault grown to `size` contacts (50,000 unless given), the library opened on a narrow
 * page, then, each a few times under Chromium's sampling profiler (the DevTools protocol's `Profiler` domain, on
 * the page): one contact's Delete clicked to its row gone (Undo after, not profiled), and a search typed as the
 * first rows show to its first matches. Prints each one's time, the page's heap, the library's own User Timing
 * measures (`library:` marks in `src/ui/contacts/`), and the functions with the most self time, so a change is made
 * where the time goes. Build the extension first (`npx wxt build`); a build with `BENCH_EXTENSION` is measured
 * instead, as in `npm run bench`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { workerSession, workerSettled } from './bench-settle';
import { grow, launchBench, load } from './bench-ui';
import { stagesInPage } from './bench-wait';

const SIZE = Number(process.argv[2] ?? 50_000);
const OUT = resolve(process.argv[3] ?? 'profiles');
const RUNS = 5;
/** `PROFILE=delete` or `PROFILE=search` profiles that one alone. */
const ONLY = process.env.PROFILE;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function (file:line), summed over profiles, in ms per run. */
function selfTimes(profiles: readonly CpuProfile[]): Array<[string, number]> {
  const spent = new Map<string, number>();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const [i, id] of profile.samples.entries()) {
      const frame = byId.get(id)!.callFrame;
      const file = frame.url.slice(frame.url.lastIndexOf('/') + 1);
      const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
      spent.set(name, (spent.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
  }
  return [...spent]
    .map(([name, total]): [string, number] => [name, total / profiles.length])
    .sort((a, b) => b[1] - a[1]);
}

/** Runs `act` (resolving with its time in ms) under the profiler; returns the time and the profile. */
async function profiled(cdp: CDPSession, act: () => Promise<number>): Promise<[number, CpuProfile]> {
  await cdp.send('Profiler.start');
  const time = await act();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  return [time, profile];
}

const listed = `document.querySelectorAll('.library-row').length >= 100`;
const everyContact = `${listed} && document.querySelector('[data-testid=library-loading]')?.textContent === ''`;

async function measures(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    const out = performance.getEntriesByType('measure').filter((m) => m.name.startsWith('library:'))
      .map((m) => m.name + ' ' + m.duration.toFixed(1));
    performance.clearMeasures();
    return out.join(', ');
  })()`)) as string;
}

const heapMb = async (page: Page) =>
  ((await page.evaluate('performance.memory.usedJSHeapSize')) as number) / 1_048_576;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const { context, worker, base } = await launchBench();
  try {
    await grow(worker, 0, SIZE);
    const report = (what: string, times: number[], profiles: CpuProfile[]) => {
      console.log(
        `\n${what} at ${SIZE.toLocaleString('en-US')}: ${times.map((t) => t.toFixed(0)).join(', ')} ms (${load()})`,
      );
      for (const [name, ms] of selfTimes(profiles).slice(0, Number(process.env.PROFILE_TOP ?? 25)))
        console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
    };

    if (ONLY === 'idle') {
      // The worker left alone after the vault grew: what it does meanwhile (its housekeeping) in 3 s windows.
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const workerCdp = await workerSession(cdp, base);
      await workerCdp('Profiler.enable');
      const grown = Date.now();
      for (const at of [0, 20, 60, 120, 240]) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, grown + at * 1000 - Date.now())));
        await workerCdp('Profiler.start');
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const { profile } = (await workerCdp('Profiler.stop')) as { profile: CpuProfile };
        report(`the worker, idle, ${at} s after the vault grew`, [3000], [profile]);
      }
      return;
    }
    const waited = await workerSettled(context, base);
    console.log(`the worker settled ${(waited / 1000).toFixed(0)} s after the vault grew`);
    // One contact's Delete, on a page at rest once every contact is read.
    const deletes: number[] = [];
    const deleteProfiles: CpuProfile[] = [];
    const workerProfiles: CpuProfile[] = [];
    for (let run = 0; run < (ONLY === 'search' ? 0 : RUNS); run++) {
      const page = await context.newPage();
      await page.setViewportSize({ width: 400, height: 800 });
      await page.goto(`${base}/contacts.html`);
      await page.evaluate(stagesInPage([everyContact]));
      await page.evaluate('new Promise((rest) => requestIdleCallback(() => rest(), { timeout: 2000 }))');
      await page.evaluate('window.confirm = () => true');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await heapMb(page);
      const label = (await page.evaluate(
        `document.querySelector('.library-row button[aria-label^="Delete "]').getAttribute('aria-label')`,
      )) as string;
      const button = `document.querySelector(${JSON.stringify(`.library-row button[aria-label="${label}"]`)})`;
      const workerCdp = await workerSession(cdp, base);
      await workerCdp('Profiler.enable');
      await workerCdp('Profiler.setSamplingInterval', { interval: 100 });
      await workerCdp('Profiler.start');
      const [time, profile] = await profiled(cdp, async () => {
        const { started, times } = (await page.evaluate(
          stagesInPage([`!${button}`], { start: `${button}.click();` }),
        )) as { started: number; times: [number] };
        return times[0] - started;
      });
      const { profile: inWorker } = (await workerCdp('Profiler.stop')) as { profile: CpuProfile };
      deletes.push(time);
      deleteProfiles.push(profile);
      workerProfiles.push(inWorker);
      writeFileSync(join(OUT, `delete-worker-${SIZE}-${run}.cpuprofile`), JSON.stringify(inWorker));
      writeFileSync(join(OUT, `delete-${SIZE}-${run}.cpuprofile`), JSON.stringify(profile));
      console.log(
        `delete ${run}: ${time.toFixed(0)} ms, heap ${heap.toFixed(0)} MB; ${await measures(page)}`,
      );
      await page.evaluate(
        stagesInPage([`document.body.textContent.includes('Brought back 1 contact')`], {
          start: `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Undo').click();`,
        }),
      );
      await page.close();
    }
    report('Delete clicked to its row gone, the page', deletes, deleteProfiles);
    report("... the worker's", deletes, workerProfiles);

    // A search typed as soon as the first rows show.
    const searches: number[] = [];
    const searchProfiles: CpuProfile[] = [];
    for (let run = 0; run < (ONLY === 'delete' ? 0 : RUNS); run++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      const [time, profile] = await profiled(cdp, async () => {
        await page.goto(`${base}/contacts.html`, { waitUntil: 'commit' });
        await page.evaluate(stagesInPage([listed]));
        const { times } = (await page.evaluate(
          stagesInPage(
            [
              `(() => { const rows = [...document.querySelectorAll('.library-row')]; return rows.length > 0 && rows.every((row) => row.textContent.includes('Registered Nurse') && row.textContent.includes('Arbor Health')); })()`,
            ],
            {
              start: `const input = document.querySelector('input[type=search]'); input.value = 'nurse arbor';
                input.dispatchEvent(new Event('input', { bubbles: true }));`,
            },
          ),
        )) as { times: [number] };
        return times[0];
      });
      searches.push(time);
      searchProfiles.push(profile);
      writeFileSync(join(OUT, `search-${SIZE}-${run}.cpuprofile`), JSON.stringify(profile));
      console.log(`search ${run}: ${time.toFixed(0)} ms; ${await measures(page)}`);
      await page.close();
    }
    report('Open to the first matches of a search typed as the first rows show', searches, searchProfiles);
  } finally {
    await context.close();
  }
}

await main();
