import { Agent, request as httpRequest } from 'node:http';
import { type RunningServer, startServer } from '@hearken/server';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asHeaderValue,
  asPathSegment,
  deepJson,
  hostileString,
  hostileValue,
  malformedJson,
} from '../../server/test/hostile-values.ts';
import { type RunningProxy, startProxy } from './node.ts';
import type { ProxyLogEntry } from './options.ts';

/**
 * Seeded, bounded fuzzing of the key proxy in front of the real server: no 5xx, every 4xx in the
 * format of its path's API generation naming the field at fault, no request slower than a
 * second, and the key in no response and no log line. HEARKEN_FUZZ_SEED replays a run.
 */
const SEED = Number(process.env.HEARKEN_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.HEARKEN_FUZZ_RUNS ?? 3200);
const CONCURRENCY = 2;
const SLOW_MS = 1000;
const ORIGIN = 'https://shop.example';
const SECRET = 'fuzz-identity-secret-of-at-least-32-bytes';

let server: RunningServer;
let proxy: RunningProxy;
const log: ProxyLogEntry[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let token = '';

beforeAll(async () => {
  server = await startServer({ port: 0, data: 'memory', seed: 'demo', limits: { reads: 1e9, writes: 1e9 } });
  proxy = await startProxy({
    upstream: server.url,
    apiKey: server.seed!.keys.v2ThreadsWrite,
    allowedOrigins: [ORIGIN],
    identity: { secret: SECRET },
    portal: { maxAgeSeconds: 0 },
    // Limits out of the way: the fuzzer looks for failures, not for 429s.
    rateLimit: { perIp: false, perIdentity: false },
    log: (entry) => log.push(entry),
  });
  token = await new SignJWT({ email: 'fuzz@customer.example', name: 'Fuzz' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SECRET));
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await proxy?.close();
  await server?.close();
});

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface FuzzReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

function send(request: FuzzRequest): Promise<FuzzReply> {
  const started = performance.now();
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { agent, host: '127.0.0.1', port, method: request.method, path: request.path, headers: request.headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const word = fc.string({ minLength: 1, maxLength: 30 }).filter((value) => value.trim() !== '');
const fields: Record<string, fc.Arbitrary<unknown>> = {
  text: word,
  title: word,
  pain_level: fc.constantFrom('LOW', 'HIGH'),
  origin: fc.constantFrom('WIDGET', 'UPVOTE', 'API'),
  contact_email: fc.emailAddress(),
  contact_name: word,
  project_id: fc.constant(null).map(() => server.seed!.workspaceId),
  issue_id: word,
};

const threadBody: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .tuple(fc.record(fields, { requiredKeys: ['text'] }), fc.constantFrom(...Object.keys(fields)), hostileValue)
      .map(([value, name, hostile]) => JSON.stringify({ ...value, [name]: hostile })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.record(fields, { requiredKeys: [] }), hostileString, hostileValue)
      .map(([value, key, extra]) => JSON.stringify({ ...value, [key]: extra })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: malformedJson },
  { weight: 1, arbitrary: deepJson },
);

const threadPost: fc.Arbitrary<FuzzRequest> = fc
  .record({
    body: threadBody,
    origin: fc.oneof(
      { weight: 10, arbitrary: fc.constant(ORIGIN) },
      { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', '', `${ORIGIN}/`) },
    ),
    contentType: fc.oneof(
      { weight: 10, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/json; charset=utf-16', '') },
    ),
    extra: fc.record(
      {
        'idempotency-key': fc.oneof(fc.uuid(), hostileString),
        authorization: fc.oneof(
          fc.constant(null).map(() => `Bearer ${token}`),
          fc.constant(null).map(() => `Bearer ${token.slice(0, -2)}xx`),
          hostileString.map((value) => `Bearer ${value}`),
        ),
        'x-hearken-hp': hostileString,
        'x-hearken-fill-ms': fc.oneof(fc.nat().map(String), hostileString),
        'x-forwarded-for': hostileString,
        host: fc.constantFrom('bad host', '', '[::1'),
      },
      { requiredKeys: [] },
    ),
  })
  .map(({ body, origin, contentType, extra }) => {
    const headers: Record<string, string> = { origin, 'content-type': contentType };
    for (const [name, value] of Object.entries(extra)) headers[name] = asHeaderValue(String(value));
    return { method: 'POST', path: '/api/v2/threads', headers, body };
  });

const portalRead: fc.Arbitrary<FuzzRequest> = fc
  .record({
    kind: fc.constantFrom('workspaces', 'projects', 'issues'),
    id: fc.oneof(
      fc.constant(null).map(() => server.seed!.workspaceId),
      hostileString.map(asPathSegment),
    ),
    language: fc.option(hostileString, { nil: undefined }),
    method: fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST'),
    origin: fc.option(fc.constantFrom(ORIGIN, 'https://evil.example'), { nil: undefined }),
    etag: fc.option(hostileString, { nil: undefined }),
  })
  .map(({ kind, id, language, method, origin, etag }) => {
    const headers: Record<string, string> = {};
    if (origin !== undefined) headers.origin = origin;
    if (etag !== undefined) headers['if-none-match'] = asHeaderValue(etag);
    const query =
      language === undefined ? '' : `?language=${encodeURIComponent(language.replace(/[\ud800-\udfff]/g, ''))}`;
    return { method, path: `/api/v1/${kind}/${id}${query}`, headers };
  });

const oddRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'),
    path: fc.oneof(
      fc.constantFrom(
        '/api/v2/threads\\x',
        '/api/v2//threads',
        '/api/v2/threads/',
        '/api/v2/threads/bulk-delete',
        '/api/v2/me',
        '/api/v2/../v2/threads',
        '/api/v2/%74hreads',
        '/API/V2/THREADS',
        '/healthz',
        '/',
        '*',
      ),
      hostileString.map((value) => `/${asPathSegment(value)}`),
    ),
    body: fc.option(fc.oneof(malformedJson, threadBody), { nil: undefined }),
  })
  .map(({ method, path, body }) => ({
    method,
    path,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    ...(body !== undefined && method !== 'GET' ? { body } : {}),
  }));

const requestArbitrary = fc.oneof(
  { weight: 8, arbitrary: threadPost },
  { weight: 3, arbitrary: portalRead },
  { weight: 2, arbitrary: oddRequest },
);

/** Which API a path reaches once resolved as a URL: the portal reads are v1, the rest v2. */
function isV1(path: string): boolean {
  try {
    return new URL(path, 'http://proxy.test').pathname.startsWith('/api/v1/');
  } catch {
    return false; // `/\` reads as a host-relative URL with no host
  }
}

function problems(request: FuzzRequest, reply: FuzzReply, key: string): string[] {
  const found: string[] = [];
  if (reply.status >= 500) found.push(`status ${reply.status}`);
  if (reply.ms > SLOW_MS) found.push(`took ${Math.round(reply.ms)} ms`);
  if (`${reply.text}\n${JSON.stringify(reply.headers)}`.includes(key)) found.push('the key in the response');
  if (reply.status < 400 || request.method === 'HEAD') return found;
  let body: Record<string, unknown> | null;
  try {
    body = JSON.parse(reply.text);
  } catch {
    found.push(`error body is not JSON: ${JSON.stringify(reply.text.slice(0, 80))}`);
    return found;
  }
  if (isV1(request.path)) {
    const extra = Object.keys(body ?? {}).filter((name) => !['message', 'code', 'issues'].includes(name));
    if (typeof body?.message !== 'string' || typeof body.code !== 'string' || extra.length > 0) {
      found.push(`not a v1 error body: ${reply.text.slice(0, 120)}`);
    }
    return found;
  }
  const error = body?.error as Record<string, unknown> | undefined;
  if (
    !error ||
    typeof error.code !== 'string' ||
    typeof error.message !== 'string' ||
    Object.keys(body ?? {}).length !== 1
  ) {
    found.push(`not a v2 envelope: ${reply.text.slice(0, 120)}`);
  } else if (reply.status === 400) {
    const issues = (error.details as { issues?: { path?: unknown }[] } | undefined)?.issues;
    const named = (path: unknown) =>
      (typeof path === 'string' && path !== '') || (Array.isArray(path) && path.length > 0);
    if (!issues?.length || !issues.every((issue) => named(issue.path))) {
      found.push(`400 naming no field: ${reply.text.slice(0, 160)}`);
    }
  }
  return found;
}

const shown = (request: FuzzRequest) =>
  `${request.method} ${request.path.slice(0, 100)} ${JSON.stringify(request.headers).slice(0, 160)} ${(request.body ?? '').slice(0, 160)}${(request.body?.length ?? 0) > 160 ? `… (${request.body?.length} chars)` : ''}`;

describe('fuzzing the proxy', () => {
  it(`answers ${RUNS} hostile requests with no 5xx, only well-formed 4xx, fast, leaking the key nowhere`, async () => {
    console.info(`proxy fuzz: seed ${SEED}, ${RUNS} requests (replay with HEARKEN_FUZZ_SEED=${SEED})`);
    const key = server.seed!.keys.v2ThreadsWrite;
    const requests = fc.sample(requestArbitrary, { seed: SEED, numRuns: RUNS });
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const request = requests[next++]!;
          try {
            const reply = await send(request);
            for (const problem of problems(request, reply, key)) failures.push(`${problem}: ${shown(request)}`);
          } catch (error) {
            failures.push(`no answer (${(error as Error).message}): ${shown(request)}`);
          }
        }
      }),
    );
    const leaks = log.filter((entry) => JSON.stringify(entry).includes(key));
    const summary = [
      ...failures.slice(0, 25),
      ...(failures.length > 25 ? [`… and ${failures.length - 25} more`] : []),
      ...leaks.map((entry) => `the key in a log line: ${JSON.stringify(entry).slice(0, 200)}`),
    ];
    if (process.env.HEARKEN_FUZZ_REPORT) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.HEARKEN_FUZZ_REPORT, failures.join('\n'));
    }
    expect(log.length).toBeGreaterThanOrEqual(RUNS);
    expect(summary, `seed ${SEED}`).toEqual([]);
  }, 300_000);
});
