import { defineConfig } from '@playwright/test';
import { testChromiumLaunchOptions } from './chromium.mjs';

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
  // A case that fails runs once more, recording its trace: on a busy two-core machine a race shows
  // rarely, and the summary names a case that passed only on its retry as flaky, to be mended; a
  // regression fails both tries.
  retries: 1,
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    browserName: 'chromium',
    // Recording a trace of every case cost the browser run a quarter of its time on two cores
    // (6.9-7.5 min against 5.7); a failure leaves its screenshot and the page's aria snapshot, and
    // the retry its trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Debian's headless shell of the same Chromium build where installed, as Playwright's own
    // headless runs use; the spec that captures a tab asks for the full browser.
    launchOptions: testChromiumLaunchOptions,
  },
});
