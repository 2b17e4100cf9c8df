#!/usr/bin/env node
import { defaultLogFormat, exitOnSignals } from '@hearken/core/node';
import { parseCli, SERVER_USAGE } from './cli-options.ts';
import { createLogger } from './ops/logger.ts';
import { startServer } from './start.ts';

async function main(): Promise<void> {
  const parsed = parseCli(process.argv.slice(2), process.env);
  if (parsed.help) {
    console.log(SERVER_USAGE);
    return;
  }
  if ('problems' in parsed) {
    console.error(
      `hearken-server: cannot start:\n${parsed.problems.map((problem) => `  - ${problem}`).join('\n')}\n(see hearken-server --help)`,
    );
    process.exit(1);
  }
  const { options } = parsed;
  const { operate } = options;
  const logger = createLogger({ format: operate.logFormat ?? defaultLogFormat(process.stdout) });
  const started = performance.now();
  const { keyCacheSeconds, ...startOptions } = options;
  const server = await startServer({
    ...startOptions,
    ...(keyCacheSeconds === undefined ? {} : { keys: { seconds: keyCacheSeconds } }),
    logger,
    metrics: { port: operate.metricsPort, token: operate.metricsToken },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error?.code !== 'EADDRINUSE') throw error;
    const metricsPort = operate.metricsPort === undefined ? '' : ` or metrics port ${operate.metricsPort}`;
    throw new Error(
      `hearken-server: port ${options.port}${metricsPort} on ${options.host} is already in use; pass --port or set PORT`,
    );
  });
  const where = process.env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : options.data;
  // The first line stays plain text whatever the log format: people and scripts read the URL from it.
  console.log(
    `hearken-server listening on ${server.url} (data: ${where}, ready in ${Math.round(performance.now() - started)} ms)`,
  );
  if (server.seed) {
    const { workspaceId, unpublishedWorkspaceId, keys } = server.seed;
    // Shown once, on the terminal and never in the log: only their hashes are stored. A restart with --seed demo issues new ones.
    console.log(`demo workspace            ${workspaceId}`);
    console.log(`unpublished workspace     ${unpublishedWorkspaceId}`);
    console.log(`v1 key                    ${keys.v1}`);
    console.log(`v2 key (full access)      ${keys.v2Full}`);
    console.log(`v2 key (threads:write)    ${keys.v2ThreadsWrite}`);
    console.log(`v2 key (threads:write, changelogs:read) ${keys.v2ProxyChangelog}`);
    console.log(`v2 key (threads:write, messages:write, changelogs:read) ${keys.v2ProxyMessages}`);
  }
  logger.info(
    {
      url: server.url,
      metrics: server.metricsUrl ?? `${server.url}/metrics`,
      graceSeconds: operate.graceSeconds,
      ...(options.webhooks.allowLoopback ? { webhooks: 'development mode: http and loopback receivers accepted' } : {}),
    },
    'started',
  );
  const graceMs = operate.graceSeconds * 1000;
  exitOnSignals({
    graceMs,
    stop: async () => {
      await server.close({ graceMs });
      logger.info('stopped');
    },
    onSignal: (signal, forced) =>
      forced
        ? logger.warn({ signal }, 'second signal: exiting at once')
        : logger.info({ signal, graceSeconds: operate.graceSeconds }, 'stopping: finishing requests in flight'),
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
