/**
 * @hearken/server: v2 list throughput and latency at 10,000 and 100,000 threads, the cost of
 * paging deep (page 500 against page 1, which keyset paging should keep flat), and start-up time
 * of the embedded database (a new data directory, and one that already exists).
 *
 * Rows are bulk-inserted with SQL, not through HTTP, so the whole module stays well under two
 * minutes. Everything listens on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageBin, packageUrl } from './lib/packages.mjs';

const group = 'server';
/** Concurrent clients during the throughput run, and how long it runs. */
const CONCURRENCY = 8;
const THROUGHPUT_MS = 3000;
/** Timed requests per latency sample. */
const SAMPLES = 150;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(url, key) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

/** Latencies of `SAMPLES` sequential requests, sorted. */
async function latencies(url, key) {
  for (let i = 0; i < 10; i++) await timed(url, key); // warm-up
  const values = [];
  for (let i = 0; i < SAMPLES; i++) values.push((await timed(url, key)).ms);
  return values.sort((a, b) => a - b);
}

/** Requests per second with CONCURRENCY clients reading the first page for THROUGHPUT_MS. */
async function throughput(url, key) {
  let done = 0;
  const until = performance.now() + THROUGHPUT_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await timed(url, key);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** Inserts `count` threads into the workspace with one SQL statement, one second apart. */
async function insertThreads(server, dir, workspaceId, from, count) {
  const db = await server.openDatabase({ data: dir });
  try {
    await db.orm.execute(`
      insert into threads (id, workspace_id, title, text, state, pain_level, origin, created_at, updated_at)
      select gen_random_uuid()::text, '${workspaceId}', 'Bench thread ' || g, 'Generated feedback number ' || g,
        (array['NEW','PROCESSED','COMPLETED','SNOOZED','UNSNOOZED'])[1 + g % 5], 'UNKNOWN', 'API',
        timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second', timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second'
      from generate_series(${from}, ${from + count - 1}) g`);
    await db.orm.execute('analyze threads');
  } finally {
    await db.close();
  }
}

/** Milliseconds from spawning the CLI until it reports it is listening. */
function startupMs(root, dir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [packageBin(root, '@hearken/server', 'hearken-server'), '--port', '0', '--data', dir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 60 s: ${output}`));
    }, 60_000);
    const onData = (chunk) => {
      output += chunk;
      if (!output.includes('listening on')) return;
      const ms = performance.now() - started;
      clearTimeout(timer);
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
  });
}

async function measureList(server, dir, seed, threads, rows) {
  const running = await server.startServer({ port: 0, data: dir, seed: 'none', limits: { reads: 1e9, writes: 1e9 } });
  try {
    const key = seed.keys.v2Full;
    const first = `${running.url}/api/v2/threads?limit=50`;
    const sorted = await latencies(first, key);
    rows.push(
      { group, metric: `v2 list p50 (${threads} threads, 50/page)`, value: percentile(sorted, 50), unit: 'ms' },
      { group, metric: `v2 list p99 (${threads} threads, 50/page)`, value: percentile(sorted, 99), unit: 'ms' },
      {
        group,
        metric: `v2 list throughput (${threads} threads, ${CONCURRENCY} clients)`,
        value: await throughput(first, key),
        unit: 'req/s',
        lowerIsBetter: false,
      },
    );
    if (threads < 100_000) return;
    // Walk to page 500 the way a client does, then time page 1 and page 500 alike.
    let cursor = null;
    for (let page = 1; page < 500; page++) {
      const { body } = await timed(`${first}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, key);
      cursor = body.page.cursor;
    }
    const deep = await latencies(`${first}&cursor=${encodeURIComponent(cursor)}`, key);
    const shallow = await latencies(first, key);
    rows.push(
      { group, metric: 'v2 list page 500 p50 (100000 threads)', value: percentile(deep, 50), unit: 'ms' },
      {
        group,
        metric: 'v2 list latency ratio page 500 / page 1 (p50)',
        value: percentile(deep, 50) / percentile(shallow, 50),
        unit: 'x',
        budget: 1.5,
      },
    );
  } finally {
    await running.close();
  }
}

export default async function serverBench({ root }) {
  const server = await import(packageUrl(root, '@hearken/server'));
  const dir = mkdtempSync(join(tmpdir(), 'hearken-server-bench-'));
  const rows = [];
  try {
    const coldDir = join(dir, 'cold');
    rows.push({
      group,
      metric: 'start-up, embedded, new data directory (cold)',
      value: await startupMs(root, coldDir),
      unit: 'ms',
      note: 'process spawn to listening; PGlite cluster from the cached migrated template',
    });
    rows.push({
      group,
      metric: 'start-up, embedded, existing data directory (warm)',
      value: await startupMs(root, coldDir),
      unit: 'ms',
      note: 'process spawn to listening',
    });

    const data = join(dir, 'data');
    const db = await server.openDatabase({ data });
    const seed = await server.seedDemo(db);
    await db.close();
    // The demo already holds 200 threads in this workspace.
    await insertThreads(server, data, seed.workspaceId, 1, 10_000 - 200);
    await measureList(server, data, seed, 10_000, rows);
    await insertThreads(server, data, seed.workspaceId, 10_000, 90_000);
    await measureList(server, data, seed, 100_000, rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
