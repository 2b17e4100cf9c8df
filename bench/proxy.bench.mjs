/**
 * Key proxy overhead: the same thread creation sent straight to the reference server and through
 * the proxy, side by side in one run, against one server, over loopback. Calls go one at a time
 * and alternate in rounds (direct, proxy, direct, ...) so both see the same machine state.
 * Budget: the proxy adds at most 1 ms to the median call.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const WARMUP = 60;
const ROUNDS = 10;
const PER_ROUND = 50;
const ORIGIN = 'https://bench.example';
const PAYLOAD = JSON.stringify({
  text: 'The export button times out on large workspaces.',
  title: 'Export times out',
  pain_level: 'MEDIUM',
  contact_email: 'bench@example.com',
  contact_name: 'Bench',
});

const load = (root, name) => import(pathToFileURL(join(root, 'packages', name, 'dist', 'index.js')).href);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(send, count, samples) {
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`expected 201, got ${response.status}`);
    samples?.push(performance.now() - started);
  }
}

export default async function proxyBench({ root }) {
  const { startServer } = await load(root, 'server');
  const { startProxy } = await load(root, 'proxy');
  const calls = 2 * (WARMUP + ROUNDS * PER_ROUND);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    data: 'memory',
    seed: 'demo',
    limits: { writes: calls * 2, reads: calls * 2 },
  });
  let proxy;
  try {
    proxy = await startProxy({
      port: 0,
      upstream: server.url,
      apiKey: server.seed.keys.v2ThreadsWrite,
      allowedOrigins: [ORIGIN],
      rateLimit: { perIp: false, perIdentity: false },
    });
    const direct = () =>
      fetch(`${server.url}/api/v2/threads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.seed.keys.v2ThreadsWrite}`, 'content-type': 'application/json' },
        body: PAYLOAD,
      });
    const proxied = () =>
      fetch(`${proxy.url}/api/v2/threads`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: PAYLOAD,
      });
    await timed(direct, WARMUP);
    await timed(proxied, WARMUP);
    const samples = { direct: [], proxy: [] };
    const elapsed = { direct: 0, proxy: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, send] of [
        ['direct', direct],
        ['proxy', proxied],
      ]) {
        const started = performance.now();
        await timed(send, PER_ROUND, samples[name]);
        elapsed[name] += performance.now() - started;
      }
    }
    const stats = (name) => {
      const sorted = [...samples[name]].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), rps: (sorted.length / elapsed[name]) * 1000 };
    };
    const d = stats('direct');
    const p = stats('proxy');
    const note = `${ROUNDS * PER_ROUND} sequential calls each, alternating rounds, loopback`;
    return [
      { group: 'proxy', metric: 'direct requests/s', value: d.rps, unit: 'req/s', lowerIsBetter: false, note },
      { group: 'proxy', metric: 'proxy requests/s', value: p.rps, unit: 'req/s', lowerIsBetter: false, note },
      { group: 'proxy', metric: 'direct p50', value: d.p50, unit: 'ms' },
      { group: 'proxy', metric: 'proxy p50', value: p.p50, unit: 'ms' },
      { group: 'proxy', metric: 'direct p99', value: d.p99, unit: 'ms' },
      { group: 'proxy', metric: 'proxy p99', value: p.p99, unit: 'ms' },
      {
        group: 'proxy',
        metric: 'throughput ratio proxy/direct',
        value: p.rps / d.rps,
        unit: '×',
        lowerIsBetter: false,
      },
      { group: 'proxy', metric: 'added p50 latency', value: p.p50 - d.p50, unit: 'ms', budget: 1 },
    ];
  } finally {
    await proxy?.close();
    await server.close();
  }
}
