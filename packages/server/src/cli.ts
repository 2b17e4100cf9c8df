#!/usr/bin/env node
import { runCli } from '@hearken/service';
import { type CliOptions, parseCli, SERVER_USAGE } from './cli-options.ts';
import { type RunningServer, startServer } from './start.ts';

await runCli<CliOptions, RunningServer>({
  name: 'hearken-server',
  usage: SERVER_USAGE,
  parse: parseCli,
  operate: (options) => options.operate,
  start: ({ keyCacheSeconds, ...options }, logger) =>
    startServer({
      ...options,
      ...(keyCacheSeconds === undefined ? {} : { keys: { seconds: keyCacheSeconds } }),
      logger,
      metrics: { port: options.operate.metricsPort, token: options.operate.metricsToken },
    }),
  failure(error, { port, host, operate }) {
    if ((error as NodeJS.ErrnoException | null)?.code !== 'EADDRINUSE')
      return error instanceof Error ? error.message : String(error);
    const metricsPort = operate.metricsPort === undefined ? '' : ` or metrics port ${operate.metricsPort}`;
    return `port ${port}${metricsPort} on ${host} is already in use; pass --port or set PORT`;
  },
  announce(server, { options, logger, started }) {
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
      console.log(`v2 key (threads:write, messages:write, changelogs:read, threads:read) ${keys.v2ProxyMessages}`);
    }
    logger.info(
      {
        url: server.url,
        metrics: server.metricsUrl ?? `${server.url}/metrics`,
        graceSeconds: options.operate.graceSeconds,
        // Without SMTP, email waits in the outbox: say so, so it is not mistaken for sent.
        mail: server.mailSending ? 'sending through SMTP_URL' : 'SMTP_URL not set: email waits in the outbox',
        ...(options.webhooks.allowLoopback
          ? { webhooks: 'development mode: http and loopback receivers accepted' }
          : {}),
      },
      'started',
    );
  },
});
