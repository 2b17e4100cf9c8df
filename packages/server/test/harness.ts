import { randomUUID } from 'node:crypto';
import { postgresUrl } from '@hearken/test-support/services';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type CreateServerOptions, createServer } from '../src/app.ts';
import { type Db, openDatabase } from '../src/db/open.ts';
import { listen } from '../src/listen.ts';
import { createFixture, type Fixture } from './fixture.ts';
import { migratedTemplate } from './pglite-template.ts';

/** Response JSON as the tests read it: asserted field by field, so left untyped. */
// biome-ignore lint/suspicious/noExplicitAny: tests walk response bodies freely and assert every field they use
export type Json = any;

export interface Harness {
  /** Base URL of the server, on an ephemeral 127.0.0.1 port. */
  url: string;
  db: Db;
  /** Two workspaces with keys and data, rebuilt before every test. */
  fx: Fixture;
  /** The clock the server reads; tests may move it. */
  clock: { now: Date };
}

/** Empties every table (all rows hang off a workspace, with cascading deletes): each test starts from the same fixture. */
export async function resetDatabase(db: Db): Promise<void> {
  await db.orm.execute(sql.raw('delete from workspaces'));
}

let memoryDb: Promise<Db> | undefined;

/**
 * The database of one test file: in-memory PGlite, or, in the `server-postgres` project, a
 * database of its own on the real PostgreSQL the run started (so files can run side by side),
 * dropped afterwards. The in-memory one is shared by the files of a worker (they share its
 * modules, vitest.config.ts): opening one costs seconds, and each test empties it first anyway.
 */
async function testDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const serverUrl = postgresUrl();
  if (!serverUrl) {
    memoryDb ??= migratedTemplate().then((template) => openDatabase({ data: 'memory', template }));
    return { db: await memoryDb, close: async () => {} };
  }
  const { default: pg } = await import('pg');
  const name = `hearken_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.href });
  return {
    db,
    async close() {
      await db.close();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

/**
 * One in-memory database and one real HTTP server per test file, reset and re-seeded with the
 * fixture before each test.
 */
export function useServer(options: Omit<CreateServerOptions, 'db' | 'clock'> = {}): Harness {
  const harness = { clock: { now: new Date('2026-11-01T12:00:00.000Z') } } as Harness;
  let close: () => Promise<void> = async () => {};
  // A fresh app per test (same database and listener), so rate-limit counters start from zero.
  let app: ReturnType<typeof createServer>;
  beforeAll(async () => {
    const database = await testDatabase();
    harness.db = database.db;
    const server = await listen((request, env) => app.fetch(request, env), { port: 0, host: '127.0.0.1' });
    harness.url = `http://127.0.0.1:${server.port}`;
    close = async () => {
      await server.close();
      await database.close();
    };
  }, 120_000);
  beforeEach(async () => {
    app = createServer({ ...options, db: harness.db, clock: () => new Date(harness.clock.now) });
    harness.clock.now = new Date('2026-11-01T12:00:00.000Z');
    await resetDatabase(harness.db);
    harness.fx = await createFixture(harness.db, harness.clock.now);
  });
  afterAll(() => close());
  return harness;
}

/** A fetch against the harness with an optional key and JSON body. */
export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
}

export async function call(
  h: Harness,
  method: string,
  path: string,
  options: { key?: string | undefined; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${h.url}${path}`, {
    method,
    headers,
    ...(payload !== undefined ? { body: payload } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, headers: response.headers, body };
}
