import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * What the test runs' own database services (PostgreSQL for the server's tests, Redis for the
 * proxy's) share: a free loopback port, and a server process started and awaited until it says it
 * is ready.
 */

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

export interface ChildService {
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Spawns `command` and resolves once its output contains `ready`; rejects, with what it wrote,
 * if it exits first or is not ready within `timeoutMs`.
 */
export async function startChildService(
  command: string,
  args: readonly string[],
  { ready, timeoutMs, ...options }: { ready: string; timeoutMs: number } & Omit<SpawnOptions, 'stdio'>,
): Promise<ChildService> {
  const name = command.split('/').pop();
  const child: ChildProcess = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  // Keep draining its output, so that a full pipe never blocks it.
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.removeAllListeners('data').resume();
  return {
    async stop(signal) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}
