/**
 * @hearken/core: what the portal and v2 clients cost a page (beside the figures of the hand-written
 * code they replaced), proof that the portal bundle carries none of the v1/v2 admin code, and how
 * fast the v2 iterator pages through a list served over loopback. Sizes are host apps built with
 * Vite from `@hearken/core`'s public name (lib/host-build.mjs), as sizes.bench.mjs builds them.
 */
import { createServer } from 'node:http';
import { hostBuild, KB, measure } from './lib/host-build.mjs';
import { packageUrl } from './lib/packages.mjs';

/**
 * API resources only the v1/v2 admin clients name (in paths and in what they send): the portal
 * client, which reads the workspace, its projects and its issues, must name none of them.
 */
const ADMIN_RESOURCES = /\b(companies|contacts|insights|threads|messages|webhooks|bulk-update)\b/g;
const ROWS = 20_000;
const PAGE = 200;
const MAX_PAGING_MS = 20_000;

const adminNames = (code) => [...new Set(code.match(ADMIN_RESOURCES) ?? [])].sort();

async function sizeRows(root) {
  const cases = [
    { name: 'createPortalClient', imports: '{ createPortalClient }', budget: 15, before: 5.1 },
    { name: 'createV2Client', imports: '{ createV2Client }', budget: 15, before: 6.1 },
    { name: 'whole package', imports: '* as core' },
  ];
  const rows = [];
  const admin = {};
  for (const item of cases) {
    const value = item.imports.startsWith('*') ? 'core' : item.name;
    const code = `import ${item.imports} from '@hearken/core';\nwindow.hearken = ${value};\n`;
    const built = await hostBuild(root, { code, packages: ['@hearken/core'] });
    const { gzip, brotli, reached } = measure(built, { followDynamic: false });
    const budget = item.budget === undefined ? {} : { budget: item.budget };
    rows.push({ group: 'core size', metric: `${item.name} (min+gzip)`, value: gzip / KB, unit: 'kB', ...budget });
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
    admin[item.name] = adminNames([...reached].map((file) => built.chunks.get(file).code).join('\n'));
  }
  const found = admin.createPortalClient;
  rows.push({
    group: 'core size',
    metric: 'v1/v2 admin resources named in the portal bundle',
    value: found.length,
    unit: 'names',
    budget: 0,
    ...(admin['whole package'].length === 0
      ? { error: 'the whole package names none of the admin resources either: the check no longer sees them' }
      : {}),
    note: found.length
      ? found.join(', ')
      : `none of ${admin['whole package'].join(', ')} (all named in the whole package's bundle)`,
  });
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
  const { createV2Client } = await import(packageUrl(root, '@hearken/core'));
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
