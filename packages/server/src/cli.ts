#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startServer } from './start.ts';

const USAGE =
  'usage: hearken-server [--port 4000] [--host 127.0.0.1] [--data DIR|memory] [--seed demo|none] [--dev-webhooks]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '4000' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: '.hearken/data' },
      seed: { type: 'string', default: 'none' },
      // Development only: webhook receivers may be http and on loopback addresses.
      'dev-webhooks': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535\n${USAGE}`);
  if (values.seed !== 'demo' && values.seed !== 'none') throw new Error(`--seed must be demo or none\n${USAGE}`);

  const started = performance.now();
  const server = await startServer({
    port,
    host: values.host,
    data: values.data,
    seed: values.seed,
    webhooks: { allowLoopback: values['dev-webhooks'] },
  });
  const where = process.env.DATABASE_URL
    ? 'Postgres (DATABASE_URL)'
    : values.data === 'memory'
      ? 'memory'
      : values.data;
  console.log(
    `hearken-server listening on ${server.url} (data: ${where}, ready in ${Math.round(performance.now() - started)} ms)`,
  );
  if (values['dev-webhooks']) console.log('webhooks: development mode, http and loopback receivers accepted');
  if (server.seed) {
    const { workspaceId, unpublishedWorkspaceId, keys } = server.seed;
    // Shown once: only their hashes are stored. A restart with --seed demo issues new ones.
    console.log(`demo workspace            ${workspaceId}`);
    console.log(`unpublished workspace     ${unpublishedWorkspaceId}`);
    console.log(`v1 key                    ${keys.v1}`);
    console.log(`v2 key (full access)      ${keys.v2Full}`);
    console.log(`v2 key (threads:write)    ${keys.v2ThreadsWrite}`);
  }
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
