import type { TestProject } from 'vitest/node';
import { startRedis } from './processes.mjs';
import type {} from './provided.ts';

/**
 * Vitest global setup: starts Debian's redis-server on a free loopback port, without persistence,
 * for the proxy's shared rate limits, and stops it when the run ends. `npm test` installs it
 * (scripts/run.mjs); a run without it fails rather than skip the tests that need it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = await startRedis();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
