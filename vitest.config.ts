import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const packages = ['core', 'server', 'ui', 'roadmap', 'feedback', 'proxy', 'embed'];

/** Tests run against sources, so no build is needed first. */
const sourceAliases = {
  // Subpath exports first: an alias also matches `name/...`, and the first match wins.
  '@hearken/ui/dom': resolve(root, 'packages/ui/src/dom.ts'),
  '@hearken/ui/rich-text': resolve(root, 'packages/ui/src/rich-text.ts'),
  '@hearken/core/client-address': resolve(root, 'packages/core/src/client-address.ts'),
  '@hearken/roadmap/model': resolve(root, 'packages/roadmap/src/model/index.ts'),
  '@hearken/feedback/model': resolve(root, 'packages/feedback/src/model/index.ts'),
  ...Object.fromEntries(packages.map((name) => [`@hearken/${name}`, resolve(root, `packages/${name}/src/index.ts`)])),
};

const browserLike = new Set(['ui', 'roadmap', 'feedback', 'embed']);

/** Real services a project's tests need, started and stopped by the run itself. */
const globalSetup: Record<string, string[]> = {
  proxy: ['src/test/redis-service.ts'],
};

export default defineConfig({
  resolve: { alias: sourceAliases },
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    projects: [
      ...packages.map((name) => ({
        extends: true as const,
        test: {
          name,
          root: resolve(root, 'packages', name),
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          environment: browserLike.has(name) ? 'happy-dom' : 'node',
          globalSetup: globalSetup[name] ?? [],
        },
      })),
      // The server's contract tests once more, on a real PostgreSQL the run starts and stops.
      {
        extends: true as const,
        test: {
          name: 'server-postgres',
          root: resolve(root, 'packages', 'server'),
          include: ['test/**/*.test.ts'],
          exclude: ['test/fuzz.test.ts', 'test/seed.test.ts'],
          environment: 'node',
          globalSetup: ['test/postgres-service.ts'],
        },
      },
      // The helpers of the consumer suite and of the test command (the suites themselves run from scripts/run.mjs).
      { test: { name: 'consumer', root: resolve(root, 'consumer'), include: ['lib/**/*.test.mjs'] } },
      { test: { name: 'scripts', root: resolve(root, 'scripts'), include: ['*.test.mjs'] } },
    ],
  },
});
