import { createV2Client } from '@hearken/core';
import { type RunningServer, startServer } from '@hearken/server';
import { redisUrl } from '@hearken/test-support/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's migrated template: a cluster made from scratch costs seconds of CPU per file.
import { migratedTemplate } from '../../../server/test/pglite-template.ts';
import type { ProxyLogEntry } from '../config/options.ts';
import { type RunningProxy, startProxy } from '../node/start-proxy.ts';

// The service's write window, shortened so a test sees several: 12 writes per 2 s for the key.
const WRITES = 12;
const WINDOW_SECONDS = 2;
const ORIGIN = 'https://shop.example';
// Three addresses under their own limits would spend the key's 12 (15 posts a window). Sharing by
// half of what is left holds them to 6 of the budget's 10 (four would take 8: counts are whole), so
// the three steady visitors below get through at once even when one window holds all of them, as it
// can on a loaded machine.
const ATTACKERS = ['10.66.0.1', '10.66.0.2', '10.66.0.3'];

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    data: 'memory',
    template: await migratedTemplate(),
    seed: 'demo',
    limits: { writes: WRITES, windowSeconds: WINDOW_SECONDS },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Flood {
  proxies: RunningProxy[];
  log: ProxyLogEntry[];
}

async function proxies(count: number, redisUrl?: string): Promise<Flood> {
  const log: ProxyLogEntry[] = [];
  const list: RunningProxy[] = [];
  for (let index = 0; index < count; index++) {
    list.push(
      await startProxy({
        upstream: server.url,
        apiKey: server.seed!.keys.v2ThreadsWrite,
        allowedOrigins: [ORIGIN],
        // Each address stays under its own limit: 5 posts per window.
        rateLimit: { perIp: { points: 5, duration: WINDOW_SECONDS } },
        clientIpHeader: 'x-test-client',
        log: (entry) => log.push(entry),
        ...(redisUrl ? { redisUrl } : {}),
      }),
    );
  }
  return { proxies: list, log };
}

function post(proxy: RunningProxy, address: string, text: string, idempotencyKey: string): Promise<Response> {
  return fetch(`${proxy.url}/api/v2/threads`, {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-test-client': address,
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify({ text }),
  });
}

interface Honest {
  text: string;
  attempts: number;
  statuses: number[];
}

/** A visitor as the widget behaves: on 429 it waits Retry-After and sends the same submission again. */
async function honestVisitor(targets: RunningProxy[], address: string, text: string): Promise<Honest> {
  const honest: Honest = { text, attempts: 0, statuses: [] };
  const key = `honest-${text.replaceAll(' ', '-')}`;
  for (;;) {
    const target = targets[honest.attempts % targets.length]!;
    honest.attempts++;
    const response = await post(target, address, text, key);
    honest.statuses.push(response.status);
    if (response.status !== 429) return honest;
    await sleep(Number(response.headers.get('retry-after')) * 1000);
  }
}

/** The attacking addresses, posting as fast as their own limit lets them, until stopped. */
function flood(targets: RunningProxy[], statuses: number[]): () => Promise<void> {
  let stop = false;
  const loops = ATTACKERS.map(async (address, index) => {
    for (let sent = 0; !stop; sent++) {
      const response = await post(
        targets[(sent + index) % targets.length]!,
        address,
        `spam ${address} ${sent}`,
        `spam-${address}-${sent}`,
      );
      statuses.push(response.status);
      await sleep((WINDOW_SECONDS * 1000) / 5);
    }
  });
  return async () => {
    stop = true;
    await Promise.all(loops);
  };
}

async function storedTexts(): Promise<string[]> {
  const admin = createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full });
  const texts: string[] = [];
  for await (const thread of admin.threads.iterate({ limit: 200 })) texts.push(thread.text);
  return texts;
}

async function floodWithVisitors(setup: Flood, label: string) {
  const attackerStatuses: number[] = [];
  const stopFlood = flood(setup.proxies, attackerStatuses);
  await sleep(300);
  // Visitors one after another while the flood goes on: each is new to its window, so it gets through at once.
  const steady: Honest[] = [];
  for (let index = 0; index < 3; index++) {
    steady.push(await honestVisitor(setup.proxies, `10.1.0.${index}`, `${label} steady ${index}`));
    await sleep(700);
  }
  // Then a crowd at once, more than a whole window allows the key: those refused wait and come back.
  const crowd = await Promise.all(
    Array.from({ length: WRITES }, (_, index) =>
      honestVisitor(setup.proxies, `10.2.0.${index}`, `${label} crowd ${index}`),
    ),
  );
  await stopFlood();
  return { steady, crowd, attackerStatuses };
}

function expectFair(result: Awaited<ReturnType<typeof floodWithVisitors>>, log: ProxyLogEntry[], stored: string[]) {
  const { steady, crowd, attackerStatuses } = result;
  for (const visitor of [...steady, ...crowd]) {
    expect(
      stored.filter((text) => text === visitor.text),
      visitor.text,
    ).toHaveLength(1);
    expect(visitor.statuses.at(-1), visitor.text).toBe(201);
  }
  expect(steady.map((visitor) => visitor.attempts)).toEqual([1, 1, 1]);
  expect(crowd.some((visitor) => visitor.attempts > 1)).toBe(true);
  // The flood was held to its share though every address stayed under its own limit...
  expect(attackerStatuses).toContain(429);
  expect(log.some((entry) => entry.reason === 'rate_limited_key_share')).toBe(true);
  expect(log.some((entry) => entry.reason === 'rate_limited_ip')).toBe(false);
  // ...and with headroom: the service itself never had to refuse the key.
  expect(log.filter((entry) => entry.status === 429 && entry.reason === undefined)).toEqual([]);
  expect([...attackerStatuses, ...log.map((entry) => entry.status ?? 0)].filter((status) => status >= 500)).toEqual([]);
}

describe("the key's write budget, shared between addresses", () => {
  it('lets every visitor through, exactly once, while three addresses flood one proxy', async () => {
    const setup = await proxies(1);
    try {
      const result = await floodWithVisitors(setup, 'memory');
      expectFair(result, setup.log, await storedTexts());
    } finally {
      await Promise.all(setup.proxies.map((proxy) => proxy.close()));
    }
  }, 60_000);

  it('holds across two proxy instances sharing their counts in Redis', async () => {
    const setup = await proxies(2, redisUrl());
    try {
      // Past the window the first test used, so this one starts with the key's full budget.
      await sleep(WINDOW_SECONDS * 1000);
      const result = await floodWithVisitors(setup, 'redis');
      expectFair(result, setup.log, await storedTexts());
    } finally {
      await Promise.all(setup.proxies.map((proxy) => proxy.close()));
    }
  }, 60_000);
});
