import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A real Redis the test run started for itself (see `redis-service.ts`). */
    redisUrl: string;
  }
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

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
  const redis: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    redis.stdout?.on('data', read);
    redis.stderr?.on('data', read);
    redis.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  redis.stdout?.removeAllListeners('data');
  redis.stderr?.removeAllListeners('data');
  redis.stdout?.resume();
  redis.stderr?.resume();
  redis.removeAllListeners('exit');
  project.provide('redisUrl', `redis://127.0.0.1:${port}`);
  return async () => {
    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill('SIGTERM');
    await exited;
  };
}
