import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

/**
 * Browser tests in a real Chromium against the real stack (reference server on embedded PGlite
 * in a temporary directory, key proxy, examples server), started once by global-setup.ts on
 * ephemeral ports.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // The machine has two cores shared with other work; one worker keeps timings steady.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
