import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { toHttpError } from './errors.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What node-postgres really throws when nothing listens where the database should be. */
async function refusedConnection(): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` });
  try {
    return await pool.query('select 1').then(
      () => undefined,
      (error: unknown) => error,
    );
  } finally {
    await pool.end();
  }
}

describe('a database out of reach', () => {
  it('is a 503 service_unavailable, also when wrapped by the query builder; other failures stay 500', async () => {
    const refused = await refusedConnection();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: refused });
    expect(toHttpError(wrapped)).toMatchObject({ status: 503, code: 'service_unavailable' });
    const restarting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    expect(toHttpError(restarting).status).toBe(503);
    const broken = Object.assign(new Error('relation "threads" does not exist'), { code: '42P01' });
    expect(toHttpError(broken).status).toBe(500);
    expect(toHttpError(new TypeError('x is undefined')).status).toBe(500);
  });
});
