/**
 * @hearken/server webhooks: how many events per second one delivery worker sends to a local
 * receiver, and how long an event takes from its change (the event's timestamp, taken in the
 * transaction just before it commits) to its arrival at the receiver.
 *
 * Throughput: 2,000 `thread.updated` events are committed first (20 bulk updates of 100
 * threads), then a worker (8 attempts in flight) starts and sends them all. Latency: 100 company
 * creations one after another, each waited for, with the worker woken by the write as
 * `startServer` does. The receiver answers 204 at once; everything is on 127.0.0.1 over HTTP.
 */
import { createServer as createHttpServer } from 'node:http';
import { loadavg } from 'node:os';
import { packageUrl } from './lib/packages.mjs';

const group = 'webhooks';
const THROUGHPUT_EVENTS = 2000;
const LATENCY_SAMPLES = 100;

async function startReceiver(onEvent) {
  const server = createHttpServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      onEvent(Buffer.concat(chunks).toString('utf8'), performance.timeOrigin + performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export default async function webhooksBench({ root }) {
  const server = await import(packageUrl(root, '@hearken/server'));
  const db = await server.openDatabase({ data: 'memory' });
  let worker;
  const arrivals = [];
  let onArrival = () => {};
  const receiver = await startReceiver((body, at) => {
    arrivals.push(at);
    onArrival(JSON.parse(body), at);
  });
  try {
    const seed = await server.seedDemo(db);
    let wake = () => {};
    // Writes are not what is measured: lift the rate limit.
    const app = server.createServer({
      db,
      limits: { writes: 100_000 },
      webhooks: { allowLoopback: true, afterWrite: () => wake() },
    });
    const api = async (method, path, body) => {
      const response = await app.request(path, {
        method,
        headers: { authorization: `Bearer ${seed.keys.v2Full}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = response.status === 204 ? null : await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };

    // Throughput: everything committed first, then one worker drains it.
    const { data: threads } = await api('GET', '/api/v2/threads?limit=100');
    const ids = threads.map((thread) => thread.id);
    // Every round must change every thread (an update that changes nothing sends no event).
    await api('POST', '/api/v2/threads/bulk-update', { ids, set: { state: 'NEW' } });
    const hook = await api('POST', '/api/v2/webhooks', { url: receiver.url, events: ['thread.updated'] });
    const rounds = Math.ceil(THROUGHPUT_EVENTS / ids.length);
    for (let round = 0; round < rounds; round++) {
      await api('POST', '/api/v2/threads/bulk-update', { ids, set: { state: round % 2 === 0 ? 'PROCESSED' : 'NEW' } });
    }
    const expected = rounds * ids.length;
    const drained = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${arrivals.length} of ${expected} events arrived in 120 s`)),
        120_000,
      );
      onArrival = () => {
        if (arrivals.length !== expected) return;
        clearTimeout(timer);
        resolve();
      };
    });
    const started = performance.timeOrigin + performance.now();
    worker = server.startDeliveryWorker({ db, allowLoopback: true });
    await drained;
    const perSecond = expected / ((arrivals.at(-1) - started) / 1000);
    await worker.stop();
    await api('DELETE', `/api/v2/webhooks/${hook.id}`);

    // Latency: one write at a time, the worker woken after each.
    await api('POST', '/api/v2/webhooks', { url: receiver.url, events: ['company.created'] });
    worker = server.startDeliveryWorker({ db, allowLoopback: true });
    wake = worker.wake;
    const latencies = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const arrived = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`event ${i} did not arrive in 10 s`)), 10_000);
        onArrival = (event, at) => {
          clearTimeout(timer);
          resolve(at - Date.parse(event.timestamp));
        };
      });
      await api('POST', '/api/v2/companies', { name: `Bench ${i}` });
      latencies.push(await arrived);
    }
    latencies.sort((a, b) => a - b);
    const median = latencies[Math.floor(latencies.length / 2)];
    const p95 = latencies[Math.floor(latencies.length * 0.95)];
    return [
      {
        group,
        metric: `events delivered per second (${expected} events, 1 worker, 8 in flight)`,
        value: perSecond,
        unit: '/s',
        budget: 100,
        lowerIsBetter: false,
        note: `PGlite in memory; local receiver answering 204; load average ${loadavg()[0].toFixed(1)} at the end`,
      },
      {
        group,
        metric: 'change to delivery, median',
        value: median,
        unit: 'ms',
        budget: 100,
        note: `p95 ${p95.toFixed(1)} ms over ${LATENCY_SAMPLES} writes`,
      },
    ];
  } finally {
    await worker?.stop();
    await receiver.close();
    await db.close();
  }
}
