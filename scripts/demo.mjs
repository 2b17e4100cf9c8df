#!/usr/bin/env node
/**
 * `npm start` runs this after building: the reference server on the embedded database in
 * `.hearken/data` (demo data seeded on first start, kept afterwards), the key proxy and the three
 * examples and a mail catcher, all in this one process. Ports: HEARKEN_PORT (server, default 4000),
 * HEARKEN_PROXY_PORT (4001), HEARKEN_EXAMPLES_PORT (4002), HEARKEN_MAIL_PORT (the mail catcher's
 * page, 4003). Ctrl-C stops everything.
 */
import { startStack } from '../examples/stack.mjs';

const port = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`${name} must be a port number, got ${JSON.stringify(process.env[name])}.`);
    process.exit(2);
  }
  return value;
};

let stack;
try {
  stack = await startStack({
    data: process.env.HEARKEN_DATA ?? '.hearken/data',
    host: process.env.HEARKEN_HOST ?? '127.0.0.1',
    ports: {
      server: port('HEARKEN_PORT', 4000),
      proxy: port('HEARKEN_PROXY_PORT', 4001),
      examples: port('HEARKEN_EXAMPLES_PORT', 4002),
      mail: port('HEARKEN_MAIL_PORT', 4003),
    },
  });
} catch (error) {
  const message =
    error?.code === 'EADDRINUSE'
      ? `${error.message}: set HEARKEN_PORT, HEARKEN_PROXY_PORT, HEARKEN_EXAMPLES_PORT or HEARKEN_MAIL_PORT to free ports.`
      : (error?.stack ?? String(error));
  console.error(`Could not start the demo: ${message}`);
  process.exit(1);
}

const { examplesUrl, serverUrl, proxyUrl, webhooksUrl, mailUrl, seed, seedFile } = stack;
console.log(`
Hearken demo is running.

  Marketing site (script tag)     ${examplesUrl}/marketing-site/
  Host app (Preact + npm)         ${examplesUrl}/host-app/
  Settings page (inline, themed)  ${examplesUrl}/settings-page/
  Server-rendered roadmap         ${examplesUrl}/server-rendered/
  Webhook receiver (last events)  ${webhooksUrl}
  Mail catcher (email sent)       ${mailUrl}

  Reference server                ${serverUrl}   (workspace ${seed.workspaceId})
  Key proxy (feedback, changelog) ${proxyUrl}
${seedFile ? `  Demo keys                       ${seedFile}\n` : ''}
Press Ctrl-C to stop.
`);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  const timer = setTimeout(() => {
    console.error('Still stopping after 10 s; exiting anyway.');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await stack.close();
  console.log(seedFile ? 'Stopped. The data is kept for the next start.' : 'Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
