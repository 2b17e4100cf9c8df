/**
 * Key proxy overhead: the same thread creation sent straight to the reference server and through
 * the proxy, side by side in one run, against one server (its own process), over loopback. Calls
 * go one at a time and take turns call by call (each path first, second and third in turn), so
 * all see the same machine state even when the machine's load changes within a run; the note
 * gives the added p50 of each round, so the spread between rounds shows how far one figure can be
 * trusted. Budget: the proxy adds at most 1 ms to the median call.
 *
 * Three more rows explain the figure. A bare forwarder, the least any proxy on Node does (read the
 * body, send it upstream with the key on a kept-alive connection of an undici Pool, the cheapest
 * client on Node and the one the proxy uses, relay the reply; no checks), runs beside the proxy in
 * the same rounds: what it adds is the cost of the extra hop on this machine at this moment, the
 * floor under the proxy's figure. After the timed rounds (so the timed calls carry no probe), the
 * proxy's calls are split into phases with the diagnostics channels of Node's HTTP server and of
 * undici: client to proxy, the handler before it sends upstream, the upstream hop (where the
 * server's own work is), the reply, and proxy back to client. And the Fetch-standard
 * handler's own time per call, with the upstream answered from memory, is the part no machine
 * load adds to.
 */
import { spawn } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const WARMUP = 50;
const ROUNDS = 8;
const PER_ROUND = 60;
const PHASE_CALLS = 100;
const ORIGIN = 'https://bench.example';
const PAYLOAD = JSON.stringify({
  text: 'The export button times out on large workspaces.',
  title: 'Export times out',
  pain_level: 'MEDIUM',
  contact_email: 'bench@example.com',
  contact_name: 'Bench',
});

/**
 * Runs `code` (an ES module body that sets `globalThis.ready` to a JSON-able value and `close`)
 * in its own Node process, like a real deployment, so the server, the proxy and this client do
 * not share one event loop. Resolves with that value; `stop()` ends the process.
 */
async function spawnService(code) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end >= 0) resolve(buffer.slice(0, end));
    });
    child.once('exit', (status) => reject(new Error(`service exited with ${status} before it was ready`)));
  });
  return {
    value: JSON.parse(line),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.stdin.end();
      }),
  };
}

const keepAlive = (close) =>
  `process.stdin.resume(); process.stdin.on('end', async () => { await ${close}; process.exit(0); });`;

const HANDLER_CALLS = 2_000;

/** The handler's own cost per call: every check and the forwarding, with the upstream answered from memory. */
async function handlerCost(createProxy, serverUrl, key) {
  const row = await (
    await fetch(`${serverUrl}/api/v2/threads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: PAYLOAD,
    })
  ).text();
  const scopes = JSON.stringify({ workspace_id: 'w', api_key_id: 'k', scopes: ['threads:write'] });
  const upstream = async (url) =>
    new Response(String(url).endsWith('/me') ? scopes : row, {
      status: String(url).endsWith('/me') ? 200 : 201,
      headers: { 'content-type': 'application/json' },
    });
  const handler = await createProxy({
    upstream: serverUrl,
    apiKey: key,
    allowedOrigins: [ORIGIN],
    fetch: upstream,
    rateLimit: { perIp: false, perIdentity: false },
  });
  const call = async () => {
    const request = new Request('http://proxy.local/api/v2/threads', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: PAYLOAD,
    });
    await (await handler(request, { clientIp: '127.0.0.1' })).text();
  };
  for (let i = 0; i < 200; i++) await call();
  const started = performance.now();
  for (let i = 0; i < HANDLER_CALLS; i++) await call();
  return (performance.now() - started) / HANDLER_CALLS;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The floor for any proxy: forwards with the key, checks nothing. Same process, placement and client as the proxy. */
async function startBareForwarder(Pool, upstream, key) {
  const pool = new Pool(upstream);
  const server = createServer({ noDelay: true }, (incoming, outgoing) => {
    const chunks = [];
    incoming.on('data', (chunk) => chunks.push(chunk));
    incoming.on('end', async () => {
      const reply = await pool.request({
        path: incoming.url,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      const text = await reply.body.text();
      outgoing.writeHead(reply.statusCode, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      outgoing.end(text);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        pool.destroy();
      }),
  };
}

/** One call, timed from sending to the last byte of the reply. */
async function timed(send) {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}`);
  return performance.now() - started;
}

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * The HTTP events the proxy's server and its upstream client publish, in the order of a call.
 * The client's own fetch is undici too: only requests to the service count for the undici events.
 */
const PHASE_EVENTS = [
  'http.server.request.start',
  'undici:request:create',
  'undici:request:trailers',
  'http.server.response.finish',
];
const PHASE_NAMES = ['client to proxy', 'handler before upstream', 'upstream hop', 'reply', 'proxy to client'];

/** Median time of each phase of a proxied call, timestamped by Node's HTTP diagnostics channels. */
async function phases(send, upstream) {
  const stamps = new Map();
  const listeners = PHASE_EVENTS.map((name) => [
    name,
    (message) => {
      if (!name.startsWith('undici:') || message.request.origin === upstream) stamps.set(name, performance.now());
    },
  ]);
  for (const [name, listener] of listeners) subscribe(name, listener);
  const durations = PHASE_NAMES.map(() => []);
  try {
    for (let i = 0; i < PHASE_CALLS; i++) {
      stamps.clear();
      const started = performance.now();
      const ended = started + (await timed(send));
      const points = [started, ...PHASE_EVENTS.map((name) => stamps.get(name)), ended];
      if (points.some((point) => point === undefined)) throw new Error('a phase of the proxied call went unseen');
      for (let p = 0; p < PHASE_NAMES.length; p++) durations[p].push(points[p + 1] - points[p]);
    }
  } finally {
    for (const [name, listener] of listeners) unsubscribe(name, listener);
  }
  return durations.map(median);
}

export default async function proxyBench({ root }) {
  const dist = (name) => JSON.stringify(pathToFileURL(join(root, 'packages', name, 'dist', 'index.js')).href);
  const calls = 3 * (WARMUP + ROUNDS * PER_ROUND) + PHASE_CALLS;
  const server = await spawnService(`
    const { startServer } = await import(${dist('server')});
    const server = await startServer({ port: 0, host: '127.0.0.1', data: 'memory', seed: 'demo', limits: { writes: ${calls * 2} } });
    console.log(JSON.stringify({ url: server.url, key: server.seed.keys.v2ThreadsWrite }));
    ${keepAlive('server.close()')}`);
  const { startProxy, createProxy } = await import(JSON.parse(dist('proxy')));
  const { Pool } = createRequire(join(root, 'packages', 'proxy', 'package.json'))('undici');
  let proxy;
  let bare;
  try {
    const { url: serverUrl, key } = server.value;
    // The proxy shares this process with the client, which only waits while a call is out:
    // on a busy machine a third process would add scheduling delay that is not the proxy's.
    proxy = await startProxy({
      port: 0,
      upstream: serverUrl,
      apiKey: key,
      allowedOrigins: [ORIGIN],
      rateLimit: { perIp: false, perIdentity: false },
    });
    const proxyUrl = proxy.url;
    bare = await startBareForwarder(Pool, serverUrl, key);
    const direct = () =>
      fetch(`${serverUrl}/api/v2/threads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: PAYLOAD,
      });
    const proxied = () =>
      fetch(`${proxyUrl}/api/v2/threads`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: PAYLOAD,
      });
    const forwarded = () =>
      fetch(`${bare.url}/api/v2/threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: PAYLOAD,
      });
    const sends = { direct, proxy: proxied, bare: forwarded };
    const names = Object.keys(sends);
    for (let i = 0; i < WARMUP; i++) for (const name of names) await timed(sends[name]);
    const samples = { direct: [], proxy: [], bare: [] };
    const roundAdded = [];
    for (let round = 0; round < ROUNDS; round++) {
      const from = samples.direct.length;
      for (let i = 0; i < PER_ROUND; i++) {
        // Each call of a trio goes first, second and third in turn.
        const shift = (round + i) % names.length;
        for (const name of [...names.slice(shift), ...names.slice(0, shift)]) {
          const ms = await timed(sends[name]);
          samples[name].push(ms);
        }
      }
      roundAdded.push(median(samples.proxy.slice(from)) - median(samples.direct.slice(from)));
    }
    const stats = (name) => {
      const sorted = [...samples[name]].sort((a, b) => a - b);
      const total = samples[name].reduce((sum, ms) => sum + ms, 0);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), rps: (sorted.length / total) * 1000 };
    };
    const d = stats('direct');
    const p = stats('proxy');
    const b = stats('bare');
    const phaseMs = await phases(proxied, new URL(serverUrl).origin);
    const handlerMs = await handlerCost(createProxy, serverUrl, key);
    const note = `${ROUNDS * PER_ROUND} sequential calls each, alternating call by call; server in its own process, proxy beside the client, loopback; load average ${loadavg()[0].toFixed(1)}`;
    const spread = `added p50 per round of ${PER_ROUND}: ${roundAdded.map((ms) => ms.toFixed(2)).join(', ')} ms; where it goes: the bare forwarder and phases rows`;
    const breakdown = PHASE_NAMES.map((name, i) => `${name} ${phaseMs[i].toFixed(2)}`).join(', ');
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
      { group: 'proxy', metric: 'added p50 latency', value: p.p50 - d.p50, unit: 'ms', budget: 1, note: spread },
      {
        group: 'proxy',
        metric: 'bare forwarder added p50',
        value: b.p50 - d.p50,
        unit: 'ms',
        note: 'the same calls through an undici-pool forwarder that checks nothing: the cost of the hop itself here and now',
      },
      {
        group: 'proxy',
        metric: 'proxied call phases p50',
        value: phaseMs.reduce((sum, ms) => sum + ms, 0),
        unit: 'ms',
        note: `${PHASE_CALLS} more proxied calls, ms: ${breakdown}; the upstream hop holds the server's work, the rest is the proxy's and the client's`,
      },
      {
        group: 'proxy',
        metric: 'handler time per call',
        value: handlerMs,
        unit: 'ms',
        note: `${HANDLER_CALLS} calls of the Fetch-standard handler in process, upstream answered from memory`,
      },
    ];
  } finally {
    await bare?.close();
    await proxy?.close();
    await server.stop();
  }
}
