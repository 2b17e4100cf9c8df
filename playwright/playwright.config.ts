import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

/**
 * Browser tests in a real Chromium against the real stack (reference server on embedded PGlite
 * in a temporary directory, key proxy, examples server), one per worker, started by
 * global-setup.ts on ephemeral ports.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // One worker per core of the two-core test machine, each on a stack of its own; a file's cases
  // run in order on one worker.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    browserName: 'chromium',
    // Recording a trace of every case cost the browser run a quarter of its time on two cores
    // (6.9-7.5 min against 5.7); a failure still leaves its screenshot and the page's aria snapshot,
    // and `--retries 1` (or `--trace on`) records the trace of a case that fails.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
