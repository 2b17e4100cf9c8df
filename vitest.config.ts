import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { sourceResolve } from './vite.config.ts';

const root = import.meta.dirname;
const packages = ['core', 'service', 'server', 'ui', 'roadmap', 'feedback', 'proxy', 'embed'];

const browserLike = new Set(['ui', 'roadmap', 'feedback', 'embed']);

const redis = resolve(root, 'packages/test-support/src/services/redis.ts');
const pgliteTemplate = resolve(root, 'packages/server/test/pglite-template-setup.ts');

/**
 * What a project's tests need before its files run: real services, started and stopped by the
 * run itself, and the embedded database's migrated template, made once.
 */
const globalSetup: Record<string, string[]> = {
  proxy: [redis, pgliteTemplate],
  server: [redis, pgliteTemplate],
};

export default defineConfig({
  // Tests run against sources (each package's `source` export condition), so no build is needed first.
  ...sourceResolve,
  test: {
    // A case's time limit guards against a hang, not slowness (speed is the bench's): on the two-core
    // test machine, beside the consumer suite's installs, sound cases took up to 4.9 s of Vitest's 5.
    testTimeout: 15_000,
    hookTimeout: 30_000,
    // At least two workers, where Vitest would start one on two cores: much of the run waits on real
    // time (retry windows, sockets, child processes), which a second worker fills.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...packages.map((name) => ({
        extends: true as const,
        test: {
          name,
          root: resolve(root, 'packages', name),
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', 'test/instances/**'],
          environment: browserLike.has(name) ? 'happy-dom' : 'node',
          // A worker's files share its modules: importing and setting up the environment again for
          // each file cost more than the tests themselves on two cores (the proxy's 65 s against 42).
          isolate: false,
          globalSetup: globalSetup[name] ?? [],
          setupFiles: browserLike.has(name) ? [resolve(root, 'packages/test-support/src/dom/setup.ts')] : [],
        },
      })),
      // The server's contract tests once more, on a real PostgreSQL the run starts and stops.
      {
        extends: true as const,
        test: {
          name: 'server-postgres',
          root: resolve(root, 'packages', 'server'),
          include: ['test/**/*.test.ts'],
          exclude: ['test/fuzz.test.ts', 'test/seed.test.ts', 'test/instances/**'],
          environment: 'node',
          // Modules shared as in the server's own project: 61 s isolated against 39-46 s alone.
          isolate: false,
          globalSetup: [resolve(root, 'packages/test-support/src/services/postgres.ts')],
        },
      },
      // Several server and proxy processes (the built commands) on a PostgreSQL and a Redis of their
      // own, which the suite restarts and stops: run after `pnpm build`, and after the other
      // projects, so its load slows none of their timed waits.
      {
        extends: true as const,
        test: {
          name: 'instances',
          root: resolve(root, 'packages', 'server'),
          include: ['test/instances/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 1 },
        },
      },
      // The helpers of the consumer suite and of the test command (the suites themselves run from scripts/run.mjs).
      { test: { name: 'consumer', root: resolve(root, 'consumer'), include: ['lib/**/*.test.mjs'] } },
      { test: { name: 'scripts', root: resolve(root, 'scripts'), include: ['*.test.mjs'] } },
      // The examples server (needs `pnpm build` first, as the test command runs it).
      { test: { name: 'examples', root: resolve(root, 'examples'), include: ['*.test.mjs'] } },
      // How the bench reads what it measures (the figures themselves come from `pnpm bench`).
      {
        test: {
          name: 'bench',
          root: resolve(root, 'bench'),
          include: ['*.test.mjs', 'lib/*.test.mjs', 'matcher/*.test.ts'],
        },
      },
    ],
  },
});
