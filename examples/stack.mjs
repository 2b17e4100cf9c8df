/**
 * The whole demo stack in one process: the reference server (embedded PGlite), the key proxy
 * holding the seed's `threads:write` key with the examples' origin allowed, and the examples
 * server. `npm start` (scripts/demo.mjs) and the browser tests (playwright/) both start it here.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startExamples } from './server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (name) => import(join(root, 'packages', name, 'dist', 'index.js'));

/**
 * @typedef {{ workspaceId: string, unpublishedWorkspaceId: string, keys: { v1: string, v2Full: string, v2ThreadsWrite: string } }} DemoSeed
 * @typedef {{ data?: string, host?: string, ports?: { server?: number, proxy?: number, examples?: number }, proxy?: Record<string, unknown> }} StackOptions
 */

/**
 * Starts the stack. With `data: 'memory'` everything is fresh; with a directory the demo data is
 * seeded on first start and kept afterwards, and the seed's secrets (shown only once by the
 * server) are kept in `demo-seed.json` beside the data, readable only by the owner.
 * @param {StackOptions} [options]
 */
export async function startStack(options = {}) {
  const { data = '.hearken/data', host = '127.0.0.1', ports = {} } = options;
  const { startServer } = await load('server');
  const { startProxy } = await load('proxy');

  const seedFile = data === 'memory' ? undefined : join(dirname(resolve(root, data)), 'demo-seed.json');
  const known =
    seedFile && existsSync(seedFile) ? /** @type {DemoSeed} */ (JSON.parse(readFileSync(seedFile, 'utf8'))) : undefined;
  const server = await startServer({
    port: ports.server ?? 0,
    host,
    data: data === 'memory' ? 'memory' : resolve(root, data),
    seed: known ? 'none' : 'demo',
  });
  /** @type {DemoSeed | undefined} */
  const seed = server.seed ?? known;
  if (!seed) {
    await server.close();
    throw new Error(
      `The data in ${data} has no demo seed this script knows the keys of; delete the directory to start afresh.`,
    );
  }
  if (seedFile && server.seed) {
    mkdirSync(dirname(seedFile), { recursive: true });
    writeFileSync(seedFile, `${JSON.stringify(server.seed, null, 2)}\n`, { mode: 0o600 });
    chmodSync(seedFile, 0o600);
  }

  let proxyUrl = '';
  const examples = await startExamples({
    port: ports.examples ?? 0,
    host,
    config: () => ({
      apiBase: proxyUrl,
      proxy: proxyUrl,
      workspaceId: seed.workspaceId,
      unpublishedWorkspaceId: seed.unpublishedWorkspaceId,
    }),
  });
  let proxy;
  try {
    proxy = await startProxy({
      port: ports.proxy ?? 0,
      host,
      upstream: server.url,
      apiKey: seed.keys.v2ThreadsWrite,
      allowedOrigins: [examples.url],
      portal: true,
      ...options.proxy,
    });
  } catch (error) {
    await Promise.allSettled([examples.close(), server.close()]);
    throw error;
  }
  proxyUrl = proxy.url;

  return {
    serverUrl: server.url,
    proxyUrl: proxy.url,
    examplesUrl: examples.url,
    seed,
    seedFile,
    /** Stops the examples, the proxy and the server, in that order. */
    async close() {
      await examples.close();
      await proxy.close();
      await server.close();
    },
  };
}
