import { defineConfig } from '@playwright/test';

/**
 * Journeys that `npm test` runs in its node lane once that lane's own stages are done (typecheck, unit, gateway,
 * Firefox), while the browsers lane runs the rest: the two lanes then end at about the same time on two cores.
 * `npx playwright test` runs both projects, one after the other.
 */
const NODE_LANE = /(detection|popup-hero|find-github|team-gateway|console|cut-off-reveal)\.spec\.ts$/;

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  // Two cores: each test owns a Chromium with the extension loaded.
  workers: 1,
  retries: 0,
  // A quiet 2-core machine runs most journeys in a few seconds; the margin is for one that shares its cores.
  timeout: 60_000,
  // Screen baselines (test/e2e/screens.spec.ts) are drawn by the same Debian Chromium everywhere the suite runs:
  // one file per screen, no per-platform copies; a few antialiased pixels may differ between runs.
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  // What a screen shows after a click: 10 s, since the two lanes share the cores and a side panel drawing 50 rows
  // behind a loaded worker can take more than 5.
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002 } },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: { trace: 'retain-on-failure' },
  projects: [
    // Separate output folders: the two projects may run at the same time, and each run clears its own.
    { name: 'chromium', testIgnore: NODE_LANE, outputDir: 'test-results/chromium' },
    { name: 'chromium-node-lane', testMatch: NODE_LANE, outputDir: 'test-results/node-lane' },
  ],
});
