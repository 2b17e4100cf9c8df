/**
 * What the browser benches share: Chromium (the bench's playwright-core, the browser tests' launch
 * options) and the demo stack (examples/stack.mjs) on in-memory data, its key proxy open to the
 * bench's pages and never rate-limiting the loads.
 */
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumLaunchOptions } from '../../playwright/chromium.mjs';

/** Launches Chromium as the browser tests do. */
export function launchChromium(root) {
  const require = createRequire(realpathSync(join(root, 'bench', 'package.json')));
  return require('playwright-core').chromium.launch(chromiumLaunchOptions);
}

/**
 * Starts the demo stack for pages served from `origins`.
 * @param {string} root
 * @param {{ origins: string[], cachedPortal?: boolean, ports?: Record<string, number> }} options
 *   `cachedPortal`: every counted load is served from the proxy's cache, as most readers of a busy
 *   page are, rather than whichever load happens to fall on an expiry.
 */
export async function startBenchStack(root, { origins, cachedPortal = false, ports }) {
  const { startStack } = await import(pathToFileURL(join(root, 'examples', 'stack.mjs')).href);
  return startStack({
    data: 'memory',
    ...(ports ? { ports } : {}),
    proxy: {
      allowedOrigins: origins,
      rateLimit: { perIp: { points: 100_000, duration: 60 } },
      ...(cachedPortal ? { portal: { maxAgeSeconds: 3600 } } : {}),
    },
  });
}

/**
 * Runs `measure` with the demo stack open to `site`'s pages and Chromium launched, then closes the
 * browser, the stack and the site, whether it succeeded or threw.
 * @template T
 * @param {string} root
 * @param {{ url: string, close(): Promise<void> }} site
 * @param {Partial<Parameters<typeof startBenchStack>[1]>} stackOptions `origins` defaults to the site's.
 * @param {(open: { stack: Awaited<ReturnType<typeof startBenchStack>>, browser: import('playwright-core').Browser }) => Promise<T>} measure
 * @returns {Promise<T>}
 */
export async function withBrowserStack(root, site, stackOptions, measure) {
  let stack;
  let browser;
  try {
    stack = await startBenchStack(root, { origins: [site.url], ...stackOptions });
    browser = await launchChromium(root);
    return await measure({ stack, browser });
  } finally {
    await browser?.close();
    await stack?.close();
    await site.close();
  }
}

/** The demo workspace's project names, as its portal API lists them: what a load waits to see. */
export async function projectNames(stack) {
  const projects = await fetch(`${stack.serverUrl}/api/v1/projects/${stack.seed.workspaceId}`).then((r) => r.json());
  const names = projects.map((project) => project.name).filter(Boolean);
  if (names.length === 0) throw new Error('the demo seed has no published projects to wait for');
  return names;
}
