import type { TestProject } from 'vitest/node';
import { startPostgres } from './processes.mjs';
import type {} from './provided.ts';

/**
 * Vitest global setup: a throwaway PostgreSQL cluster in a temporary directory on a free
 * loopback port, with durability off (a test run needs none), stopped and removed when the run
 * ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.remove();
}
