import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { freePort, startChildService } from './child-service.ts';
import type {} from './provided.ts';

/**
 * Vitest global setup: starts Debian's redis-server on a free loopback port, without persistence,
 * for the proxy's shared rate limits, and stops it when the run ends. `npm test` installs it
 * (scripts/run.mjs); a run without it fails rather than skip the tests that need it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const binary = process.env.HEARKEN_REDIS_SERVER ?? 'redis-server';
  if (spawnSync(binary, ['--version']).status !== 0) {
    throw new Error(`${binary} not found: install Debian's redis-server (npm test does it when run as root)`);
  }
  const port = await freePort();
  const redis = await startChildService(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { ready: 'Ready to accept connections', timeoutMs: 15_000 },
  );
  project.provide('redisUrl', `redis://127.0.0.1:${port}`);
  return () => redis.stop('SIGTERM');
}
