import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startStack } from '../examples/stack.mjs';
import { publishHostileWorkspace } from './hostile-content.ts';

/**
 * Starts the whole stack once for the run on ephemeral ports, with a fresh demo seed, and hands
 * its URLs and the seed's full-access key to the tests through the environment.
 *
 * The database is embedded PGlite in a temporary directory, removed afterwards: the seed is
 * written first, then the second workspace is published with script payloads in its content
 * (the service has no API to write portal content), then the stack opens the same data.
 */
export default async function globalSetup(_config: FullConfig) {
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
  process.env.HEARKEN_EXAMPLES_URL = stack.examplesUrl;
  process.env.HEARKEN_SERVER_URL = stack.serverUrl;
  process.env.HEARKEN_PROXY_URL = stack.proxyUrl;
  process.env.HEARKEN_WORKSPACE = stack.seed.workspaceId;
  process.env.HEARKEN_V2_FULL_KEY = stack.seed.keys.v2Full;
  return async () => {
    await stack.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
