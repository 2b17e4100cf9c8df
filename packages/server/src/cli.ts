#!/usr/bin/env node
import { parseCli, SERVER_USAGE } from './cli-options.ts';
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
  const started = performance.now();
  const server = await startServer(options).catch((error: NodeJS.ErrnoException) => {
    if (error?.code !== 'EADDRINUSE') throw error;
    throw new Error(
      `hearken-server: port ${options.port} on ${options.host} is already in use; pass --port or set PORT`,
    );
  });
  const where = process.env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : options.data;
  console.log(
    `hearken-server listening on ${server.url} (data: ${where}, ready in ${Math.round(performance.now() - started)} ms)`,
  );
  if (options.webhooks.allowLoopback) console.log('webhooks: development mode, http and loopback receivers accepted');
  if (server.seed) {
    const { workspaceId, unpublishedWorkspaceId, keys } = server.seed;
    // Shown once: only their hashes are stored. A restart with --seed demo issues new ones.
    console.log(`demo workspace            ${workspaceId}`);
    console.log(`unpublished workspace     ${unpublishedWorkspaceId}`);
    console.log(`v1 key                    ${keys.v1}`);
    console.log(`v2 key (full access)      ${keys.v2Full}`);
    console.log(`v2 key (threads:write)    ${keys.v2ThreadsWrite}`);
    console.log(`v2 key (threads:write, changelogs:read) ${keys.v2ProxyChangelog}`);
    console.log(`v2 key (threads:write, messages:write, changelogs:read) ${keys.v2ProxyMessages}`);
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
