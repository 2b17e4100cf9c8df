/**
 * @hearken/core: what the portal and v2 clients cost a page (beside the figures of the hand-written
 * code they replaced), proof that the portal bundle carries none of the v1/v2 admin code, and how
 * fast the v2 iterator pages through a list served over loopback.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle, loadEsbuild, measure } from './sizes.bench.mjs';

const KB = 1000;
const ADMIN_MODULES =
  /[\\/](clients[\\/](v1|v2|v2-connection|v2-create-thread|call)|schemas[\\/](v1|v2|v2-thread|fields|params))\.js$/;
const ROWS = 20_000;
const PAGE = 200;
const MAX_PAGING_MS = 20_000;

async function sizeRows(root) {
  const esbuild = loadEsbuild(root);
  const core = JSON.stringify(join(root, 'packages', 'core', 'dist', 'index.js'));
  const work = await mkdtemp(join(tmpdir(), 'hearken-core-'));
  const cases = [
    {
      name: 'createPortalClient',
      code: `import { createPortalClient } from ${core}; window.c = createPortalClient;`,
      budget: 14,
      before: 5.1,
    },
    {
      name: 'createV2Client',
      code: `import { createV2Client } from ${core}; window.c = createV2Client;`,
      budget: 15,
      before: 6.1,
    },
    { name: 'whole package', code: `import * as core from ${core}; window.c = core;` },
  ];
  const rows = [];
  try {
    for (const [index, item] of cases.entries()) {
      const workDir = join(work, String(index));
      await mkdir(workDir);
      const built = await bundle(esbuild, { code: item.code, resolveDir: join(root, 'bench'), workDir });
      const { gzip, brotli, reached } = measure(built, { followDynamic: false });
      const budget = item.budget === undefined ? {} : { budget: item.budget };
      rows.push({
        group: 'core size',
        metric: `${item.name} (min+gzip)`,
        value: gzip / KB,
        unit: 'kB',
        ...budget,
      });
      if (item.before !== undefined) {
        rows.push({
          group: 'core size',
          metric: `${item.name} (min+gzip), before zod and ky`,
          value: item.before,
          unit: 'kB',
          note: 'hand-written schema module and transport, 2026-11-22',
        });
      }
      rows.push({ group: 'core size', metric: `${item.name} (brotli)`, value: brotli / KB, unit: 'kB' });
      if (item.name === 'createPortalClient') {
        // What the page loads at first.
        const inputs = reached.flatMap((file) => built.chunks.get(file).inputs);
        const admin = inputs.filter((input) => ADMIN_MODULES.test(input));
        rows.push({
          group: 'core size',
          metric: 'v1/v2 admin modules in the portal bundle',
          value: admin.length,
          unit: 'modules',
          budget: 0,
          ...(admin.length ? { note: admin.join(', ') } : {}),
        });
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return rows;
}

/** A v2 thread list on 127.0.0.1: `ROWS` rows, cursor = offset, newest first. */
async function startThreadServer() {
  const at = new Date('2026-01-01T00:00:00Z').toISOString();
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    id: `th_${ROWS - i}`,
    title: `Thread ${i}`,
    text: 'The export button times out on large workspaces.',
    state: 'NEW',
    pain_level: 'MEDIUM',
    origin: 'API',
    contact: { id: 'c_1', email: 'bench@example.com', name: 'Bench' },
    company_id: null,
    assignee_id: null,
    project_id: null,
    issue_id: null,
    snoozed_until: null,
    created_at: at,
    updated_at: at,
  }));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const end = Math.min(rows.length, start + limit);
    const hasMore = end < rows.length;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        data: rows.slice(start, end),
        page: { cursor: hasMore ? String(end) : null, has_more: hasMore, limit },
      }),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function pagingRows(root) {
  const { createV2Client } = await import(pathToFileURL(join(root, 'packages', 'core', 'dist', 'index.js')).href);
  const server = await startThreadServer();
  const rows = [];
  try {
    for (const validation of ['strict', 'off']) {
      const client = createV2Client({ baseUrl: server.url, apiKey: `cfs_v2_${'b'.repeat(32)}`, validation });
      const deadline = AbortSignal.timeout(MAX_PAGING_MS);
      const started = performance.now();
      let count = 0;
      for await (const _row of client.threads.iterate({ limit: PAGE }, { signal: deadline })) count++;
      const seconds = (performance.now() - started) / 1000;
      if (count !== ROWS) throw new Error(`iterator yielded ${count} rows, expected ${ROWS}`);
      rows.push({
        group: 'core paging',
        metric: `threads.iterate, validation ${validation}`,
        value: Math.round(count / seconds),
        unit: 'rows/s',
        lowerIsBetter: false,
        ...(validation === 'strict' ? { budget: 25_000 } : {}),
        note: `${ROWS} rows in pages of ${PAGE} over loopback HTTP`,
      });
      if (validation === 'strict') {
        rows.push({
          group: 'core paging',
          metric: 'threads.iterate, validation strict, before zod and ky',
          value: 41_700,
          unit: 'rows/s',
          lowerIsBetter: false,
          note: 'hand-written schema module and transport, 2026-11-22',
        });
      }
    }
  } finally {
    await server.close();
  }
  return rows;
}

export default async function coreBench({ root }) {
  return [...(await sizeRows(root)), ...(await pagingRows(root))];
}
