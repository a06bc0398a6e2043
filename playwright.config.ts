import { defineConfig } from '@playwright/test';

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
  expect: { timeout: 5_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002 } },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: { trace: 'retain-on-failure' },
});
