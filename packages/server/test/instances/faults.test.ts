import { join } from 'node:path';
import { RATE_LIMIT_HEADERS } from '@hearken/core';
import {
  type EventReceiver,
  startEventReceiver,
  submitFeedback,
  subscribe,
  threadsByTitle,
} from '@hearken/test-support/load';
import { type Fleet, type NodeService, startFleet, startHearkenServer } from '@hearken/test-support/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, seedDemo } from '../../src/index.ts';

/**
 * Many instances under faults, as an operator runs them: two server processes (the built CLI) and
 * two key proxies on one PostgreSQL and one Redis, with a webhook receiver. Feedback flows through
 * both proxies while a server is SIGKILLed and started again, PostgreSQL restarts and Redis stops;
 * clients retry failed submissions with the same Idempotency-Key, as core's client does.
 */

const root = join(import.meta.dirname, '../../../..');
const SUBMISSIONS = 2000;
/** Writes per key per minute for the load: the one proxy key carries every visitor's feedback. */
const LOAD_WRITE_LIMIT = 1_000_000;

let fleet: Fleet;
let receiver: EventReceiver;

beforeAll(async () => {
  receiver = await startEventReceiver();
  fleet = await startFleet(root, {
    server: { openDatabase, seedDemo },
    servers: 2,
    proxies: [0, 1],
    args: ['--write-limit', String(LOAD_WRITE_LIMIT)],
  });
  await subscribe(fleet.servers[0]!.url, fleet.seed.keys.v2Full, receiver.url, ['thread.created', 'thread.held']);
}, 120_000);

afterAll(async () => {
  await fleet?.close();
  await receiver?.close();
}, 60_000);

/** One direct write to a server, timed, with what a client reads of the answer. */
async function write(server: NodeService, key: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/v2/threads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'written straight to one server' }),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    ms: performance.now() - started,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    remaining: Number(response.headers.get(RATE_LIMIT_HEADERS.remaining)),
    body: (await response.json()) as { id?: string; error?: { code: string; message: string; request_id: string } },
  };
}

/** Resolves once `check` holds, polling every 200 ms; fails after `timeoutMs`. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('two servers and two proxies on one PostgreSQL and one Redis', () => {
  it('loses and duplicates nothing while a server is killed, PostgreSQL restarts and Redis stops', async () => {
    let finished = 0;
    const reached = (count: number) => until(() => finished >= count, 120_000, `${count} submissions`);
    const seen: Record<string, unknown> = {};

    const faults = (async () => {
      await reached(300);
      await fleet.restartServer(0, 'SIGKILL');

      await reached(800);
      await fleet.postgres.stop();
      const outage = await Promise.all(fleet.servers.map((server) => write(server, fleet.seed.keys.v2Full)));
      const v1 = await fetch(`${fleet.servers[1]!.url}/api/v1/contacts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fleet.seed.keys.v1}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'outage@example.com' }),
        signal: AbortSignal.timeout(30_000),
      });
      seen.v1Outage = { status: v1.status, retryAfter: v1.headers.get('retry-after'), body: await v1.json() };
      await fleet.postgres.start();
      seen.outage = outage;
      // Both recover on their own: their pools open new connections.
      for (const server of fleet.servers) {
        await until(async () => (await write(server, fleet.seed.keys.v2Full)).status === 201, 30_000, 'recovery');
      }

      await reached(1300);
      await fleet.redis.stop();
      seen.redisDown = await Promise.all(fleet.servers.map((server) => write(server, fleet.seed.keys.v2ProxyMessages)));
      await fleet.redis.start();
      // Counting is shared again once both servers have reconnected: three writes in turn, one count.
      const [a, b] = fleet.servers as [NodeService, NodeService];
      await until(
        async () => {
          const first = await write(a, fleet.seed.keys.v2ProxyMessages);
          const second = await write(b, fleet.seed.keys.v2ProxyMessages);
          const third = await write(a, fleet.seed.keys.v2ProxyMessages);
          return second.remaining === first.remaining - 1 && third.remaining === second.remaining - 1;
        },
        30_000,
        'shared counting after Redis came back',
      );
    })();
    // Its failure is reported once the load is done, by the await below.
    faults.catch(() => {});

    const load = await submitFeedback({
      proxies: fleet.proxies.map((proxy) => proxy.url),
      count: SUBMISSIONS,
      concurrency: 16,
      prefix: 'faults',
      onProgress: (count) => {
        finished = count;
      },
    });
    await faults;

    // Every submission ended in a thread: each 5xx or dropped answer on the way was healed by a retry.
    expect(load.failed).toEqual([]);
    expect(load.latencies).toHaveLength(SUBMISSIONS);
    const threads = await threadsByTitle(fleet.servers[1]!.url, fleet.seed.keys.v2Full, 'faults-');
    expect(threads.size).toBe(SUBMISSIONS);
    expect([...threads.values()].filter((ids) => ids.length !== 1)).toEqual([]);

    // During the outage: 503 with Retry-After in the v2 error format, promptly, from both servers.
    for (const answer of seen.outage as Awaited<ReturnType<typeof write>>[]) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body.error).toMatchObject({ code: 'service_unavailable', request_id: expect.any(String) });
      expect(answer.ms).toBeLessThan(10_000);
    }
    expect(seen.v1Outage).toMatchObject({
      status: 503,
      retryAfter: expect.stringMatching(/^[1-9]\d*$/),
      body: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
    });
    // Through the proxies, a failure was a 502 (a server down) or a 503 (its database away), never a 500.
    expect(load.statuses.has(500)).toBe(false);
    // Without Redis, rate limits fail open to each process's own counts (docs/decisions.md): writes go on.
    for (const answer of seen.redisDown as Awaited<ReturnType<typeof write>>[]) {
      expect(answer.status).toBe(201);
      expect(answer.body.id).toEqual(expect.any(String));
      expect(answer.remaining).toBe(LOAD_WRITE_LIMIT - 1);
    }

    // Every thread's event (thread.created, or thread.held for one a proxy held) reached the receiver
    // at least once, each under one id.
    const created = new Set([...threads.values()].flat());
    const delivered = () =>
      new Set(
        [...receiver.events.values()]
          .filter((event) => event?.type === 'thread.created' || event?.type === 'thread.held')
          .map((event) => String(event?.data.id)),
      );
    // A delivery the killed server had claimed is sent again once its lease (40 s) runs out.
    await until(() => [...created].every((id) => delivered().has(id)), 90_000, 'every event delivered');
    const eventIds = new Set(
      [...receiver.events.entries()]
        .filter(([, event]) => created.has(String(event?.data.id)))
        .map(([eventId]) => eventId),
    );
    expect(eventIds.size).toBe(SUBMISSIONS);
  }, 240_000);

  it('shares one key’s rate limit: 60 writes across both servers, then 429 from either', async () => {
    const limited = [
      await startHearkenServer(root, { databaseUrl: fleet.postgres.url, redisUrl: fleet.redis.url }),
      await startHearkenServer(root, { databaseUrl: fleet.postgres.url, redisUrl: fleet.redis.url }),
    ];
    try {
      const key = fleet.seed.keys.v2ProxyChangelog;
      for (let i = 0; i < 60; i++) expect((await write(limited[i % 2]!, key)).status).toBe(201);
      for (const server of limited) {
        const refused = await write(server, key);
        expect(refused.status).toBe(429);
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect(refused.body.error).toMatchObject({ code: 'rate_limited' });
      }
    } finally {
      await Promise.all(limited.map((server) => server.stop('SIGTERM')));
    }
  }, 60_000);
});
