import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startChildService } from './child-service.ts';
import type {} from './provided.ts';

/** Debian's server binaries (postgresql-NN), or HEARKEN_POSTGRES_BIN. */
function binaries(): string {
  if (process.env.HEARKEN_POSTGRES_BIN) return process.env.HEARKEN_POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(root, version, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  if (!found) {
    throw new Error(
      "PostgreSQL's server is not installed: install Debian's postgresql (npm test does it when run as root)",
    );
  }
  return found;
}

/** PostgreSQL refuses to run as root: as root, its processes run as Debian's `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('running as root, but there is no postgres user to run PostgreSQL as');
  return { uid, gid };
}

/**
 * Vitest global setup: a throwaway PostgreSQL cluster in a temporary directory on a free
 * loopback port, with durability off (a test run needs none), stopped and removed when the run
 * ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'hearken-postgres-'));
  const user = serverUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync'],
    { encoding: 'utf8', ...user },
  );
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
  const port = await freePort();
  const server = await startChildService(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { ready: 'database system is ready to accept connections', timeoutMs: 30_000, ...user },
  );
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return async () => {
    // SIGINT is PostgreSQL's fast shutdown: open sessions are ended, nothing waits on them.
    await server.stop('SIGINT');
    rmSync(dir, { recursive: true, force: true });
  };
}
