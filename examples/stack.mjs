/**
 * The whole demo stack in one process: the reference server (embedded PGlite), the key proxy
 * holding the seed's `threads:write` + `messages:write` + `changelogs:read` + `threads:read` key with the examples'
 * origin allowed (portal mode, the published changelog included; screenshots on, with a ticket
 * secret drawn at each start), the examples server, and a mail catcher (maildev) that the server
 * sends its email to, with a web page to read it. `npm start` (scripts/demo.mjs) and the browser
 * tests (playwright/) both start it here.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MailDev } from 'maildev';
import { startExamples } from './server.mjs';
import { createWebhookReceiver } from './webhook-receiver.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (name) => import(join(root, 'packages', name, 'dist', 'index.js'));

/**
 * @typedef {{ workspaceId: string, unpublishedWorkspaceId: string, keys: { v1: string, v2Full: string, v2ThreadsWrite: string, v2ProxyChangelog: string, v2ProxyMessages: string } }} DemoSeed
 * @typedef {{ data?: string, host?: string, ports?: { server?: number, proxy?: number, examples?: number, mail?: number }, proxy?: Record<string, unknown>, examplesMounts?: Record<string, { dir: string, csp?: boolean }> }} StackOptions
 */

/**
 * Starts the stack. With `data: 'memory'` everything is fresh. With a directory the demo data is
 * seeded on first start and kept afterwards: the server's demo seed leaves existing data alone and
 * only issues fresh keys (their secrets are shown once, never stored), so the proxy gets a working
 * `threads:write` key on every start. The current keys are written to `demo-seed.json` beside the
 * data, readable only by the owner.
 * @param {StackOptions} [options]
 */
export async function startStack(options = {}) {
  const { data = '.hearken/data', host = '127.0.0.1', ports = {} } = options;
  const { startServer } = await load('server');
  const { startProxy } = await load('proxy');

  // Every email the server sends lands here; its web page shows them. SMTP on a free port.
  const mailCatcher = new MailDev({
    smtp: 0,
    ip: host,
    web: ports.mail ?? 0,
    webIp: host,
    silent: true,
    log: { silent: true, verbose: false, logMailContents: false },
  });
  const caught = await mailCatcher.start();
  const mailUrl = `http://${host}:${caught.api?.getPort()}`;
  const server = await startServer({
    port: ports.server ?? 0,
    host,
    data: data === 'memory' ? 'memory' : resolve(root, data),
    seed: 'demo',
    // The development flag: the demo's receiver is http on loopback.
    webhooks: { allowLoopback: true },
    mail: { smtpUrl: `smtp://${host}:${caught.smtp.getPort()}`, from: 'feedback@hearken.localhost' },
  }).catch(async (error) => {
    await mailCatcher.stop();
    throw error;
  });
  /** @type {DemoSeed} */
  const seed = server.seed;
  const seedFile = data === 'memory' ? undefined : join(dirname(resolve(root, data)), 'demo-seed.json');
  if (seedFile) {
    mkdirSync(dirname(seedFile), { recursive: true });
    writeFileSync(seedFile, `${JSON.stringify(seed, null, 2)}\n`, { mode: 0o600 });
    chmodSync(seedFile, 0o600);
  }

  let proxyUrl = '';
  let examples;
  let proxy;
  // Whatever has started, in this order: the examples, then the proxy, then the server, then the mail catcher.
  const closeAll = async () => {
    await examples?.close();
    await proxy?.close();
    await server.close();
    await mailCatcher.stop();
  };
  const webhooks = await createWebhookReceiver(root);
  try {
    examples = await startExamples({
      webhooks,
      port: ports.examples ?? 0,
      host,
      config: () => ({
        apiBase: proxyUrl,
        proxy: proxyUrl,
        // The demo's logo and changelog images are the reference server's own files.
        images: server.url,
        workspaceId: seed.workspaceId,
        unpublishedWorkspaceId: seed.unpublishedWorkspaceId,
      }),
      ...(options.examplesMounts ? { extraMounts: options.examplesMounts } : {}),
    });
    proxy = await startProxy({
      port: ports.proxy ?? 0,
      host,
      upstream: server.url,
      apiKey: seed.keys.v2ProxyMessages,
      allowedOrigins: [examples.url],
      // Tickets need only outlive one run of the demo, so a fresh secret each start.
      messages: { ticketSecret: randomBytes(32).toString('base64url') },
      ...options.proxy,
      // Short, so a new upvote shows on the next load in the demo. Merged, so a caller's cache
      // lifetime keeps the changelog the key's scope is for.
      portal: { maxAgeSeconds: 5, changelog: true, ...options.proxy?.portal },
    });
  } catch (error) {
    await closeAll();
    throw error;
  }
  proxyUrl = proxy.url;
  await registerReceiver(server.url, seed.keys.v2Full, `${examples.url}/webhooks`, webhooks).catch(async (error) => {
    await closeAll();
    throw error;
  });

  return {
    serverUrl: server.url,
    proxyUrl: proxy.url,
    examplesUrl: examples.url,
    webhooksUrl: `${examples.url}/webhooks/`,
    /** The mail catcher's web page: every email the server sent. */
    mailUrl,
    seed,
    seedFile,
    /** Stops the examples, the proxy, the server and the mail catcher, in that order. */
    close: closeAll,
  };
}

const RECEIVER = 'Hearken demo receiver';

/**
 * Registers the examples server's receiver for every event. The secret is shown only at
 * creation, so each start replaces the receiver of the previous one (whose port may differ).
 */
async function registerReceiver(serverUrl, apiKey, url, receiver) {
  const { createV2Client } = await load('core');
  const { webhooks } = createV2Client({ baseUrl: serverUrl, apiKey });
  for await (const endpoint of webhooks.iterate()) {
    if (endpoint.description === RECEIVER) await webhooks.delete(endpoint.id);
  }
  const created = await webhooks.create({ url, description: RECEIVER });
  receiver.setSecret(created.secret);
}
