/**
 * Floods and bounded caches: a valid client's request rate and p99 latency while one address
 * sends 2,000 made-up keys a second, beside the same without the flood (budget: at most 1.2x);
 * database reads per refused request during the flood (budget 0); and the roadmap renderer's heap
 * after 10,000 renders with distinct languages, beside after 100 (flat: at most 1.2x).
 *
 * The server runs in this process on in-memory PGlite with the demo seed, its app called
 * directly with a client address as the Node adapter hands it over, so the figures are the
 * server's own and not the loopback's. Everything comes from one address: the flood's and the
 * valid client's, the case the per-address limit used to lock valid keys out of.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { packageUrl } from './lib/packages.mjs';

const group = 'flood';
const ADDRESS = '203.0.113.9';
const FLOOD_PER_SECOND = 2000;
const RUN_MS = 2000;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** `GET /api/v2/me` with `key` from ADDRESS, answered by the app. */
const me = (app, key) =>
  app.fetch(new Request('http://server.bench/api/v2/me', { headers: { authorization: `Bearer ${key}` } }), {
    incoming: { socket: { remoteAddress: ADDRESS } },
  });

/** Made-up keys at FLOOD_PER_SECOND until `until`, in ticks of 10 ms; counts what was refused. */
async function flood(app, until) {
  let sent = 0;
  let refused = 0;
  const started = performance.now();
  while (performance.now() < until) {
    const due = Math.floor(((performance.now() - started) / 1000) * FLOOD_PER_SECOND);
    const batch = [];
    for (; sent < due; sent++) {
      batch.push(me(app, `cfs_v2_${String(sent).padStart(32, 'f')}`).then((r) => r.status === 429 && refused++));
    }
    await Promise.all(batch);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { sent, refused, seconds: (performance.now() - started) / 1000 };
}

/** A valid client sending one request after another until `until`: its rate and latencies. */
async function validClient(app, key, until) {
  const latencies = [];
  let failed = 0;
  const started = performance.now();
  while (performance.now() < until) {
    const at = performance.now();
    const response = await me(app, key);
    await response.arrayBuffer();
    latencies.push(performance.now() - at);
    if (response.status !== 200) failed++;
    // Yield, as a client on the network would between requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / ((performance.now() - started) / 1000), p99: percentile(latencies, 99), failed };
}

async function floodRows(root) {
  const server = await import(packageUrl(root, '@hearken/server'));
  const db = await server.openDatabase({ data: 'memory' });
  try {
    const seed = await server.seedDemo(db);
    const key = seed.keys.v2Full;
    let reads = 0;
    const select = db.orm.select.bind(db.orm);
    db.orm.select = (...args) => {
      reads++;
      return select(...args);
    };
    // The key's own read limit out of the way: the figure is the flood's cost, not the limit's.
    const app = server.createServer({ db, limits: { reads: 10_000_000 } });
    // Warm-up: the key verified, the code paths compiled.
    for (let i = 0; i < 200; i++) await (await me(app, key)).arrayBuffer();
    const quiet = await validClient(app, key, performance.now() + RUN_MS);
    // Past the address's limit first, then the measured flood.
    await flood(app, performance.now() + 200);
    const until = performance.now() + RUN_MS;
    const [busy, attack] = await Promise.all([validClient(app, key, until), flood(app, until)]);
    // Reads during a flood alone, per refused request (the list of live keys was read once, above).
    const before = reads;
    const alone = await flood(app, performance.now() + 1000);
    const readsPerRefused = alone.refused ? (reads - before) / alone.refused : Number.NaN;
    const note = `${Math.round(attack.sent / attack.seconds)} made-up keys/s from ${ADDRESS}, ${attack.refused} refused with 429; valid client failures: ${busy.failed}`;
    return [
      {
        group,
        metric: 'valid client rate, no flood',
        value: Math.round(quiet.rate),
        unit: 'req/s',
        lowerIsBetter: false,
      },
      {
        group,
        metric: 'valid client rate, flood',
        value: Math.round(busy.rate),
        unit: 'req/s',
        lowerIsBetter: false,
        note,
      },
      {
        group,
        metric: 'valid client rate, no flood / flood',
        value: Math.round((quiet.rate / busy.rate) * 100) / 100,
        unit: 'x',
        budget: 1.2,
      },
      { group, metric: 'valid client p99, no flood', value: Math.round(quiet.p99 * 100) / 100, unit: 'ms' },
      { group, metric: 'valid client p99, flood', value: Math.round(busy.p99 * 100) / 100, unit: 'ms' },
      {
        group,
        metric: 'valid client p99, flood / no flood',
        value: Math.round((busy.p99 / quiet.p99) * 100) / 100,
        unit: 'x',
        budget: 1.2,
      },
      {
        group,
        metric: 'valid client requests refused during the flood',
        value: busy.failed,
        unit: 'requests',
        budget: 0,
      },
      {
        group,
        metric: 'database reads per refused request',
        value: readsPerRefused,
        unit: 'reads',
        budget: 0,
        note: `${reads - before} reads for ${alone.refused} refused made-up keys`,
      },
    ];
  } finally {
    await db.close();
  }
}

/** Heap in use after a full collection. */
function heapAfterGc() {
  setFlagsFromString('--expose-gc');
  runInNewContext('gc')();
  return process.memoryUsage().heapUsed;
}

/** The language tag of render `i`: distinct, as a host passing visitors' languages would send them. */
const language = (i) => `en-${i.toString(36).padStart(4, 'a')}`;

async function rendererRows(root) {
  const server = await import(packageUrl(root, '@hearken/server'));
  const { createRoadmapRenderer } = await import(packageUrl(root, '@hearken/roadmap/server'));
  const db = await server.openDatabase({ data: 'memory' });
  const options = { workspace: server.DEMO_WORKSPACE_ID, apiBase: 'http://server.bench', stylesheet: '/r.css' };
  let recorded;
  try {
    await server.seedDemo(db);
    const app = server.createServer({ db });
    // The demo workspace's portal answers, read once; replayed for every language after that.
    recorded = new Map();
    const record = async (input, init) => {
      const request = new Request(input, init);
      const response = await app.fetch(request);
      const body = await response.text();
      recorded.set(new URL(request.url).pathname, { status: response.status, headers: [...response.headers], body });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    await createRoadmapRenderer({ revalidateSeconds: 0 }).render({ ...options, fetch: record });
  } finally {
    await db.close();
  }
  const replay = async (input, init) => {
    const kept = recorded.get(new URL(new Request(input, init).url).pathname);
    return new Response(kept.body, { status: kept.status, headers: kept.headers });
  };
  const renderer = createRoadmapRenderer({ revalidateSeconds: 3600 });
  const render = (i) => renderer.render({ ...options, language: language(i), fetch: replay });
  for (let i = 0; i < 100; i++) await render(i);
  const after100 = heapAfterGc();
  for (let i = 100; i < 10_000; i++) await render(i);
  const after10k = heapAfterGc();
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return [
    { group, metric: 'renderer heap after 100 distinct languages', value: mb(after100), unit: 'MB' },
    { group, metric: 'renderer heap after 10,000 distinct languages', value: mb(after10k), unit: 'MB' },
    {
      group,
      metric: 'renderer heap, 10,000 / 100 languages',
      value: Math.round((after10k / after100) * 100) / 100,
      unit: 'x',
      budget: 1.2,
      note: "visitors' tags served as the widget's languages: all of these one cache entry",
    },
  ];
}

export default async function run({ root }) {
  return [...(await floodRows(root)), ...(await rendererRows(root))];
}
