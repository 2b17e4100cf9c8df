import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startStack } from '../examples/stack.mjs';
import { publishHostileWorkspace } from './hostile-content.ts';
import type { StackUrls } from './tests/support.ts';

/**
 * Starts one whole stack per worker on ephemeral ports, each with a fresh demo seed of its own, and
 * hands their URLs and seeds' full-access keys to the tests through the environment: a worker's
 * tests then count and change only their own data, whatever the other worker does beside them.
 *
 * Each database is embedded PGlite in a temporary directory, removed afterwards: the seed is
 * written first, then the second workspace is published with script payloads in its content
 * (the service has no API to write portal content), then the stack opens the same data.
 */
export default async function globalSetup(config: FullConfig) {
  const started = await Promise.all(Array.from({ length: config.workers }, startOne));
  const stacks: StackUrls[] = started.map(({ stack }) => ({
    examplesUrl: stack.examplesUrl,
    serverUrl: stack.serverUrl,
    proxyUrl: stack.proxyUrl,
    workspaceId: stack.seed.workspaceId,
    fullKey: stack.seed.keys.v2Full,
  }));
  process.env.HEARKEN_STACKS = JSON.stringify(stacks);
  return async () => {
    await Promise.all(started.map(({ close }) => close()));
  };
}

async function startOne() {
  const dir = mkdtempSync(join(tmpdir(), 'hearken-e2e-'));
  const data = join(dir, 'data');
  await publishHostileWorkspace(data);
  const stack = await startStack({
    data,
    // Every test browses from 127.0.0.1; the per-IP limit is the proxy's own concern and tested there.
    proxy: {
      rateLimit: { perIp: { points: 10_000, duration: 60 } },
      // The same address for every test: only `rate` would hold threads other tests look for in lists.
      hold: { rate: { points: 10_000, duration: 60 } },
      portal: { maxAgeSeconds: 0 },
    },
    // Test pages, served by the examples server like the examples (Chromium will not let a page
    // that did not come over the network call the loopback services).
    examplesMounts: {
      '/fixtures/': { dir: join(import.meta.dirname, 'fixtures', 'csp') },
      '/fixtures-no-csp/': { dir: join(import.meta.dirname, 'fixtures', 'no-csp'), csp: false },
    },
  });
  const close = async () => {
    await stack.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { stack, close };
}
