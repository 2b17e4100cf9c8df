import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { findPackageFolder } from '../package-files.ts';
import * as tables from './schema.ts';
import * as webhookTables from './webhook-tables.ts';

const schema = { ...tables, ...webhookTables };
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
  /**
   * A dump of an embedded database (PGlite's `dumpDataDir`) that a new one starts from instead of
   * an empty cluster, e.g. one already migrated. Ignored for an existing data directory.
   */
  template?: Blob | undefined;
}

/** Opens (and migrates) the embedded PGlite database or a Postgres database. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Db> {
  const migrationsFolder = findMigrations();
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // A connection attempt gives up rather than hang while the database is away (the request
    // then gets a 503); the pool opens new connections once it is back.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5000 });
    // A connection the database dropped (a restart) fails its queries and is discarded; its
    // error event, idle or checked out between two statements, must not end the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const orm = drizzle(pool, { schema });
    await migrate(orm, { migrationsFolder });
    return { orm: orm as unknown as Orm, driver: 'postgres', close: () => pool.end() };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const data = options.data ?? '.hearken/data';
  const dir = data === 'memory' ? undefined : resolve(data);
  const fresh = dir === undefined || !existsSync(join(dir, 'PG_VERSION'));
  const template = fresh ? options.template : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, template ? { loadDataDir: template } : {});
  const orm = drizzle(client, { schema });
  // Brings a new database, a template or an older data directory up to date.
  await migrate(orm, { migrationsFolder });
  return { orm: orm as unknown as Orm, driver: 'pglite', close: () => client.close() };
}

/** The migrations: `drizzle/` beside `src/` in the repository and beside `dist/` in the package. */
export const findMigrations = (): string => findPackageFolder('drizzle', join('meta', '_journal.json'));
