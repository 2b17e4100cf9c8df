import { redisUrl } from '@hearken/test-support/services';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTemplate } from '../../test/pglite-template.ts';
import { createServer } from '../app.ts';
import { type Db, openDatabase } from '../db/open.ts';

let db: Db;
let client: Redis;
beforeAll(async () => {
  db = await openDatabase({ data: 'memory', template: await migratedTemplate() });
  client = new Redis(redisUrl(), { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  await new Promise((resolve) => client.once('ready', resolve));
}, 120_000);
afterAll(async () => {
  await client?.quit();
  await db?.close();
});

/** A request with a made-up key from `remoteAddress`, as the Node adapter hands it to the app. */
async function guess(app: ReturnType<typeof createServer>, remoteAddress: string) {
  const response = await app.fetch(
    new Request('http://server.test/api/v2/me', { headers: { authorization: 'Bearer cfs_v2_guess' } }),
    { incoming: { socket: { remoteAddress } } },
  );
  return [response.status, response.headers.get('x-ratelimit-remaining'), response.headers.get('retry-after')];
}

describe('the limit on requests without a valid key, in Redis', () => {
  it('is shared by every server process: the flood passes it across two, then either answers 429', async () => {
    // Two processes' apps on one Redis (and one database), as behind a load balancer.
    const limits = { redis: client, unauthenticated: 3, windowSeconds: 60 };
    const one = createServer({ db, limits });
    const two = createServer({ db, limits });
    expect(await guess(one, '2001:db8:77::1')).toEqual([401, '2', null]);
    expect(await guess(two, '2001:db8:77::2')).toEqual([401, '1', null]);
    expect(await guess(one, '2001:db8:77:0:ffff::3')).toEqual([401, '0', null]);
    for (const app of [two, one]) {
      const [status, remaining, retryAfter] = await guess(app, '2001:db8:77::4');
      expect([status, remaining]).toEqual([429, '0']);
      expect(Number(retryAfter)).toBeGreaterThan(50);
    }
    // Another /64 has its own allowance.
    expect(await guess(two, '2001:db8:78::1')).toEqual([401, '2', null]);
  });
});
