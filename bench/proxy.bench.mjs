/**
 * Key proxy overhead: the same thread creation sent straight to the reference server, through the
 * proxy and through a bare forwarder, side by side in one run, against one server, on 127.0.0.1.
 * The server, the proxy and the forwarder each run in their own Node process, as deployed: the
 * proxy sits on the customer's backend, not in the process of whoever calls it. Calls go one at a
 * time and take turns call by call (in groups of one call per path, each group in its own seeded
 * random order), a fixed number of groups, so all see the same machine state even when the
 * machine's load changes within a run.
 *
 * Budget: the latency the proxy adds is at most 1.1x what the bare forwarder adds. Each is the
 * median over the groups of (that path's call minus the direct call of the same group): calls of
 * one group are neighbours in time, so the pairing cancels what the machine's load did to both,
 * where a difference of two pooled medians swings by more than the whole hop between runs (the
 * direct p99 is 2-4x its p50, the server's database write). The pooled p50 difference is printed
 * too, with its spread over the rounds.
 *
 * A bare forwarder, the least any proxy on Node does (read the body, send it upstream with the key
 * on a kept-alive connection of an undici Pool, the cheapest client on Node and the one the proxy
 * uses, relay the reply; no checks), runs in its own process beside the proxy in the same groups:
 * what it adds is the cost of the extra hop on this machine at this moment, the floor under the
 * proxy's figure, and the proxy's own cost is what it adds above it. Both also run a second time
 * inside this client's process, the placement this bench used before, as plain rows: there no
 * third process has to be woken per call, so the hop looks cheaper, but the proxy's work shares
 * one event loop with the client's and looks dearer.
 *
 * After the timed rounds (so the timed calls carry no probe), the proxy's process splits its calls
 * into phases with the diagnostics channels of Node's HTTP server and of undici: the handler
 * before it sends upstream, the upstream hop (where the server's own work is), the reply; the
 * rest of the client's time is the two loopback legs between client and proxy. And the
 * Fetch-standard handler's own time per call, with the upstream answered from memory, is the
 * part no machine load adds to.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { listenLocal } from './lib/listen.mjs';
import { packageUrl, resolvePackage } from './lib/packages.mjs';

const WARMUP = 20;
const ROUNDS = 8;
const PER_ROUND = 40;
const PHASE_CALLS = 100;
/** The proxy may add at most this many times what the bare forwarder adds. */
const ADDED_RATIO_BUDGET = 1.1;
/** The paths that take turns, in an order shuffled afresh for each group. The first is the reference the others are compared with. */
const PATHS = ['direct', 'proxy', 'bare', 'proxyInClient', 'bareInClient'];
const ORIGIN = 'https://bench.example';
const PAYLOAD = JSON.stringify({
  text: 'The export button times out on large workspaces.',
  title: 'Export times out',
  pain_level: 'MEDIUM',
  contact_email: 'bench@example.com',
  contact_name: 'Bench',
});

/**
 * Runs `code` (an ES module body that prints one JSON line when ready, then calls `serve`) in its
 * own Node process, like a real deployment, so the server, the proxy and this client do not share
 * one event loop. Resolves with that line's value, `ask(command)` for the answer of one of the
 * commands `serve` was given, and `stop()` to end the process.
 */
async function spawnService(code) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  const waiting = [];
  let buffer = '';
  let ended = null;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const text = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      let line;
      try {
        line = JSON.parse(text);
      } catch {
        // Not an answer (a stray log line, say): show it, and keep the protocol in step.
        process.stderr.write(`${text}\n`);
        continue;
      }
      if (waiting.length > 0) waiting.shift().resolve(line);
      else lines.push(line);
    }
  });
  // A service that died takes no more commands; the next answer asked for fails instead of hanging.
  child.stdin.on('error', () => {});
  child.once('exit', (status, signal) => {
    ended = new Error(`service exited with ${status ?? signal}`);
    for (const { reject } of waiting.splice(0)) reject(ended);
  });
  const next = () => {
    if (lines.length > 0) return Promise.resolve(lines.shift());
    if (ended) return Promise.reject(ended);
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  return {
    value: await next(),
    ask: (command) => {
      if (!ended) child.stdin.write(`${command}\n`);
      return next();
    },
    stop: () => {
      child.stdin.end();
      return exited;
    },
  };
}

/** The end of a service's code: answers `commands` (an expression for an object of functions) read from stdin, one a line, and awaits `close` when stdin ends. */
const serve = (close, commands = '{}') => `
  const commands = ${commands};
  let input = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', async (chunk) => {
    input += chunk;
    for (let end = input.indexOf('\\n'); end >= 0; end = input.indexOf('\\n')) {
      const name = input.slice(0, end);
      input = input.slice(end + 1);
      console.log(JSON.stringify(await commands[name]()));
    }
  });
  process.stdin.on('end', async () => { await ${close}; process.exit(0); });`;

/**
 * Runs in a forwarding service's process: from now on, for each call its server answers, the time
 * before it sends upstream, the upstream hop, the reply, and the whole span, in ms, from Node's
 * HTTP server and undici diagnostics channels (the service sends nothing else upstream meanwhile).
 */
function recordPhases(subscribe) {
  const calls = [];
  let started = 0;
  let sent = 0;
  let answered = 0;
  subscribe('http.server.request.start', () => {
    started = performance.now();
  });
  subscribe('undici:request:create', () => {
    sent = performance.now();
  });
  subscribe('undici:request:trailers', () => {
    answered = performance.now();
  });
  subscribe('http.server.response.finish', () => {
    const finished = performance.now();
    calls.push([sent - started, answered - sent, finished - answered, finished - started]);
  });
  return calls;
}

/** What a service needs to answer PHASE_COMMANDS (it imports `subscribe` from node:diagnostics_channel). */
const phaseCommands = `const recordPhases = ${recordPhases}; let phaseCalls;`;
const PHASE_COMMANDS =
  '{ phases: () => { phaseCalls = recordPhases(subscribe); return true; }, report: () => phaseCalls }';

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
  // Called as fetch is: with a URL string or a Request.
  const upstream = async (input) => {
    const me = String(input instanceof Request ? input.url : input).endsWith('/me');
    return new Response(me ? scopes : row, { status: me ? 200 : 201, headers: { 'content-type': 'application/json' } });
  };
  const handler = await createProxy({
    upstream: serverUrl,
    apiKey: key,
    allowedOrigins: [ORIGIN],
    fetch: upstream,
    // The key's budget would refuse most of these calls (the answers from memory carry no rate-limit
    // headers), and a refusal skips the checks this row is about.
    rateLimit: { perIp: false, perIdentity: false, keyBudget: false },
  });
  const call = async () => {
    const request = new Request('http://proxy.local/api/v2/threads', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: PAYLOAD,
    });
    const response = await handler(request, { clientIp: '127.0.0.1' });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`handler time: expected 201, got ${response.status}`);
  };
  for (let i = 0; i < 200; i++) await call();
  const started = performance.now();
  for (let i = 0; i < HANDLER_CALLS; i++) await call();
  return (performance.now() - started) / HANDLER_CALLS;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The floor for any proxy: forwards with the key, checks nothing. Same placements and client as the proxy (its source also runs in a process of its own, which imports `listenLocal` itself). */
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
  return listenLocal(server, () => pool.destroy());
}

/** One call, timed from sending to the last byte of the reply. */
async function timed(send) {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}`);
  return performance.now() - started;
}

/**
 * A seeded shuffle (mulberry32 with Fisher-Yates): each group of calls goes in its own order, so
 * no path always follows the same one (whatever one leaves behind, a collection, say, lands on
 * every path alike), and every run uses the same orders.
 */
function shuffler(seed) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (items) => {
    const order = [...items];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  };
}

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const PHASE_NAMES = ['handler before upstream', 'upstream hop', 'reply', 'client to proxy and back'];

/** Median time of each phase of a call through `service`: its process times its part, the rest is the two legs from and to this client. */
async function phases(send, service, name) {
  await service.ask('phases');
  const totals = [];
  for (let i = 0; i < PHASE_CALLS; i++) totals.push(await timed(send));
  const inProxy = await service.ask('report');
  if (inProxy.length !== PHASE_CALLS) throw new Error(`the ${name} saw ${inProxy.length} of ${PHASE_CALLS} calls`);
  return [
    ...[0, 1, 2].map((phase) => median(inProxy.map((call) => call[phase]))),
    median(totals.map((ms, i) => ms - inProxy[i][3])),
  ];
}

export default async function proxyBench({ root }) {
  const dist = (name) => JSON.stringify(packageUrl(root, `@hearken/${name}`));
  const proxyPackage = resolvePackage(root, '@hearken/proxy/package.json');
  const calls = PATHS.length * (WARMUP + ROUNDS * PER_ROUND) + 2 * PHASE_CALLS;
  const server = await spawnService(`
    const { startServer } = await import(${dist('server')});
    const server = await startServer({ port: 0, host: '127.0.0.1', data: 'memory', seed: 'demo', limits: { writes: ${calls * 2} } });
    console.log(JSON.stringify({ url: server.url, key: server.seed.keys.v2ThreadsWrite }));
    ${serve('server.close()')}`);
  const services = [server];
  let proxyInClient;
  let bareInClient;
  try {
    const { url: serverUrl, key } = server.value;
    const proxyOptions = {
      port: 0,
      host: '127.0.0.1',
      upstream: serverUrl,
      apiKey: key,
      allowedOrigins: [ORIGIN],
      rateLimit: { perIp: false, perIdentity: false },
    };
    const proxy = await spawnService(`
      import { subscribe } from 'node:diagnostics_channel';
      const { startProxy } = await import(${dist('proxy')});
      const proxy = await startProxy(${JSON.stringify(proxyOptions)});
      console.log(JSON.stringify({ url: proxy.url }));
      ${phaseCommands}
      ${serve('proxy.close()', PHASE_COMMANDS)}`);
    services.push(proxy);
    const bare = await spawnService(`
      import { subscribe } from 'node:diagnostics_channel';
      import { createServer } from 'node:http';
      import { createRequire } from 'node:module';
      const { Pool } = createRequire(${JSON.stringify(proxyPackage)})('undici');
      const { listenLocal } = await import(${JSON.stringify(new URL('./lib/listen.mjs', import.meta.url).href)});
      const startBareForwarder = ${startBareForwarder};
      const bare = await startBareForwarder(Pool, ${JSON.stringify(serverUrl)}, ${JSON.stringify(key)});
      console.log(JSON.stringify({ url: bare.url }));
      ${phaseCommands}
      ${serve('bare.close()', PHASE_COMMANDS)}`);
    services.push(bare);
    const { startProxy, createProxy } = await import(JSON.parse(dist('proxy')));
    const { Pool } = createRequire(proxyPackage)('undici');
    proxyInClient = await startProxy(proxyOptions);
    bareInClient = await startBareForwarder(Pool, serverUrl, key);
    const post = (url, headers) => () =>
      fetch(`${url}/api/v2/threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: PAYLOAD,
      });
    const sends = {
      direct: post(serverUrl, { authorization: `Bearer ${key}` }),
      proxy: post(proxy.value.url, { origin: ORIGIN }),
      bare: post(bare.value.url, {}),
      proxyInClient: post(proxyInClient.url, { origin: ORIGIN }),
      bareInClient: post(bareInClient.url, {}),
    };
    for (let i = 0; i < WARMUP; i++) for (const name of PATHS) await timed(sends[name]);
    const samples = Object.fromEntries(PATHS.map((name) => [name, []]));
    const roundAdded = [];
    const shuffle = shuffler(20261122);
    for (let round = 0; round < ROUNDS; round++) {
      const from = samples.direct.length;
      for (let i = 0; i < PER_ROUND; i++) {
        for (const name of shuffle(PATHS)) samples[name].push(await timed(sends[name]));
      }
      roundAdded.push(median(samples.proxy.slice(from)) - median(samples.direct.slice(from)));
    }
    const stats = (name) => {
      const sorted = [...samples[name]].sort((a, b) => a - b);
      const total = samples[name].reduce((sum, ms) => sum + ms, 0);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), rps: (sorted.length / total) * 1000 };
    };
    const [d, p, b, pc, bc] = PATHS.map(stats);
    /** Median over the groups of this path's call minus the direct call of the same group. */
    const paired = (name) => median(samples[name].map((ms, i) => ms - samples.direct[i]));
    const phaseMs = await phases(sends.proxy, proxy, 'proxy');
    const barePhaseMs = await phases(sends.bare, bare, 'bare forwarder');
    const handlerMs = await handlerCost(createProxy, serverUrl, key);
    const note = `${ROUNDS * PER_ROUND} sequential calls per path, alternating call by call; server, proxy and bare forwarder each in their own process, loopback; load average ${loadavg()[0].toFixed(1)}`;
    const spread = `added p50 per round of ${PER_ROUND}: ${roundAdded.map((ms) => ms.toFixed(2)).join(', ')} ms; where it goes: the bare forwarder and phases rows`;
    const breakdown = (ms) => PHASE_NAMES.map((name, i) => `${name} ${ms[i].toFixed(2)}`).join(', ');
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
      {
        group: 'proxy',
        metric: 'added latency / bare forwarder, paired medians',
        value: paired('proxy') / paired('bare'),
        unit: '×',
        budget: ADDED_RATIO_BUDGET,
        note: `${paired('proxy').toFixed(2)} ms against ${paired('bare').toFixed(2)} ms: each the median over ${ROUNDS * PER_ROUND} groups of (its call minus the direct call of the same group); the proxy's own cost above the hop, median of (proxied minus bare) per group, ${median(samples.proxy.map((ms, i) => ms - samples.bare[i])).toFixed(2)} ms`,
      },
      { group: 'proxy', metric: 'added p50 latency', value: p.p50 - d.p50, unit: 'ms', note: spread },
      {
        group: 'proxy',
        metric: 'added latency, paired median',
        value: paired('proxy'),
        unit: 'ms',
        note: 'median of (proxied minus direct) over the groups of calls made back to back: the same question, less swayed by the load of the moment',
      },
      {
        group: 'proxy',
        metric: 'bare forwarder added p50',
        value: b.p50 - d.p50,
        unit: 'ms',
        note: `paired median ${paired('bare').toFixed(2)} ms; an undici-pool forwarder in its own process that checks nothing: the cost of the hop itself here and now`,
      },
      {
        group: 'proxy',
        metric: 'in client: proxy added p50',
        value: pc.p50 - d.p50,
        unit: 'ms',
        note: `paired median ${paired('proxyInClient').toFixed(2)} ms; the proxy inside this client's process: no third process to wake per call, but one event loop for both`,
      },
      {
        group: 'proxy',
        metric: 'in client: bare added p50',
        value: bc.p50 - d.p50,
        unit: 'ms',
        note: `paired median ${paired('bareInClient').toFixed(2)} ms; the bare forwarder inside this client's process`,
      },
      {
        group: 'proxy',
        metric: 'proxied call phases, sum of medians',
        value: phaseMs.reduce((sum, ms) => sum + ms, 0),
        unit: 'ms',
        note: `${PHASE_CALLS} more proxied calls, ms: ${breakdown(phaseMs)}; through the bare forwarder: ${breakdown(barePhaseMs)}; the upstream hop holds the server's work`,
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
    await bareInClient?.close();
    await proxyInClient?.close();
    for (const service of services.reverse()) await service.stop();
  }
}
