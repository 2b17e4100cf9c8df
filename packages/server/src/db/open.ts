import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { pruneTemplates, TEMPLATE_PREFIX } from './prune-templates.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle handle both drivers share (PGlite and node-postgres). */
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database with the service's migrations applied. */
export interface Db {
  readonly orm: Orm;
  /** `pglite` for the embedded database, `postgres` when opened through a URL. */
  readonly driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * Where the embedded database lives: a directory that survives restarts, or `'memory'`.
   * Ignored when `databaseUrl` is given. Default `.hearken/data`.
   */
  data?: 'memory' | (string & {});
  /** A Postgres connection string; when given, Postgres is used through node-postgres. */
  databaseUrl?: string | undefined;
}

/** Opens (and migrates) the embedded PGlite database or a Postgres database. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Db> {
  const migrationsFolder = findMigrations();
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    const orm = drizzle(pool, { schema });
    await migrate(orm, { migrationsFolder });
    return { orm: orm as unknown as Orm, driver: 'postgres', close: () => pool.end() };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const data = options.data ?? '.hearken/data';
  const dir = data === 'memory' ? undefined : resolve(data);
  const fresh = dir === undefined || !existsSync(join(dir, 'PG_VERSION'));
  const template = fresh ? await migratedTemplate(migrationsFolder) : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, template ? { loadDataDir: template } : {});
  const orm = drizzle(client, { schema });
  // A no-op for a database made from the template; brings an older data directory up to date.
  await migrate(orm, { migrationsFolder });
  return { orm: orm as unknown as Orm, driver: 'pglite', close: () => client.close() };
}

/**
 * Creating a PGlite cluster (initdb) costs seconds of CPU; copying a dump of an already
 * migrated one costs a fraction of that. The dump is cached on disk, keyed by the PGlite
 * version and the migrations, so every later fresh database (each test file, each cold
 * start of a new data directory) starts from it.
 */
async function migratedTemplate(migrationsFolder: string): Promise<Blob> {
  const key = createHash('sha256').update(pgliteVersion());
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) key.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  const cacheName = `${TEMPLATE_PREFIX}${key.digest('hex').slice(0, 16)}.tar`;
  const cacheFile = join(tmpdir(), cacheName);
  try {
    return new Blob([readFileSync(cacheFile)]);
  } catch {
    // Not made yet, or pruned by a checkout with other migrations: make it (again).
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Write then rename, so a concurrent reader never sees half a file.
    const partial = `${cacheFile}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, cacheFile);
    pruneTemplates(tmpdir(), cacheName);
    return new Blob([bytes]);
  } finally {
    await client.close();
  }
}

/** PGlite's version, read from its package.json next to its resolved entry point. */
function pgliteVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? dir;
}

/**
 * The migrations ship beside the code: `drizzle/` is next to `src/` in the repository and next
 * to `dist/` in the package, so walk up from this module until it appears.
 */
function findMigrations(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@hearken/server: the drizzle migrations folder is missing');
    dir = parent;
  }
}
