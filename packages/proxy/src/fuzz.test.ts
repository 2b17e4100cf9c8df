import { Agent } from 'node:http';
import { createV2Client } from '@hearken/core';
import { type RunningServer, startServer } from '@hearken/server';
import {
  CONCURRENCY,
  type FuzzReply,
  type FuzzRequest,
  fuzz,
  RUNS,
  reaches,
  SEED,
  send,
  v1ErrorProblems,
  v2ErrorProblems,
} from '@hearken/test-support/fuzz';
import {
  asHeaderValue,
  asPathSegment,
  deepJson,
  hostileString,
  hostileValue,
  malformedJson,
} from '@hearken/test-support/hostile';
import { botSubmission, personSubmission } from '@hearken/test-support/people';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's migrated template: a cluster made from scratch costs seconds of CPU per file.
import { migratedTemplate } from '../../server/test/pglite-template.ts';
import type { ProxyLogEntry } from './config/options.ts';
import { type RunningProxy, startProxy } from './node/start-proxy.ts';

/**
 * Seeded, bounded fuzzing of the key proxy in front of the real server: no 5xx, every 4xx in the
 * format of its path's API generation naming the field at fault, no request slower than a
 * second, and the key in no response and no log line. HEARKEN_FUZZ_SEED replays a run.
 */
const ORIGIN = 'https://shop.example';
const SECRET = 'fuzz-identity-secret-of-at-least-32-bytes';

let server: RunningServer;
let proxy: RunningProxy;
const log: ProxyLogEntry[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let token = '';

beforeAll(async () => {
  server = await startServer({
    port: 0,
    data: 'memory',
    template: await migratedTemplate(),
    seed: 'demo',
    limits: { reads: 1e9, writes: 1e9 },
  });
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

const sendToProxy = (request: FuzzRequest) => send(agent, new URL(proxy.url).port, request);

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

/** An error body in the format of the API its path reaches: the portal reads are v1, the rest v2. */
const errorProblems = (request: FuzzRequest, body: unknown, reply: FuzzReply): string[] =>
  reaches(request.path, '/api/v1/') ? v1ErrorProblems(body, reply) : v2ErrorProblems(body, reply);

describe('fuzzing the proxy', () => {
  it(`answers ${RUNS} hostile requests with no 5xx, only well-formed 4xx, fast, leaking the key nowhere`, async () => {
    console.info(`proxy fuzz: seed ${SEED}, ${RUNS} requests (replay with HEARKEN_FUZZ_SEED=${SEED})`);
    const found = await fuzz({
      requests: requestArbitrary,
      send: sendToProxy,
      secrets: [server.seed!.keys.v2ThreadsWrite],
      checkError: errorProblems,
      logged: () => log.map((entry) => JSON.stringify(entry)),
    });
    expect(log.length).toBeGreaterThanOrEqual(RUNS);
    expect(found, `seed ${SEED}`).toEqual([]);
  }, 300_000);

  it('stores every seeded submission of people and bots, held or clear as logged, and answers each as clear', async () => {
    const seen: ProxyLogEntry[] = [];
    const holding = await startProxy({
      upstream: server.url,
      apiKey: server.seed!.keys.v2ThreadsWrite,
      allowedOrigins: [ORIGIN],
      clientIpHeader: 'x-test-client',
      rateLimit: { perIp: false, perIdentity: false },
      log: (entry) => seen.push(entry),
    });
    const admin = createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full });
    try {
      const submissions = fc.sample(
        fc.oneof({ weight: 4, arbitrary: personSubmission }, { weight: 1, arbitrary: botSubmission }),
        { seed: SEED, numRuns: 80 },
      );
      for (const submission of submissions) {
        const response = await fetch(`${holding.url}/api/v2/threads`, {
          method: 'POST',
          headers: {
            origin: ORIGIN,
            'content-type': 'application/json',
            'x-test-client': submission.address,
            'x-hearken-fill-ms': String(submission.fillMs),
            'x-hearken-hp': submission.honeypot,
          },
          body: JSON.stringify({ text: submission.text }),
        });
        const label = `seed ${SEED}: ${JSON.stringify(submission)}`;
        expect(response.status, label).toBe(201);
        const answer = (await response.json()) as { id: string; moderation: string; moderation_reasons: string[] };
        expect([answer.moderation, answer.moderation_reasons], label).toEqual(['clear', []]);
        const held = seen.find((entry) => entry.requestId === response.headers.get('x-request-id'))?.held ?? [];
        const stored = await admin.threads.get(answer.id);
        expect(stored.text, label).toBe(submission.text);
        expect([stored.moderation, stored.moderation_reasons], label).toEqual([held.length ? 'held' : 'clear', held]);
        // Bots are sent at once: held, every one. A person who typed it is not held for the way they sent it.
        if (submission.manner === 'bot') expect(held, label).toContain('fill_time');
        if (submission.manner === 'typed')
          expect(
            held.filter((r) => r !== 'rate' && r !== 'links'),
            label,
          ).toEqual([]);
      }
    } finally {
      await holding.close();
    }
  }, 120_000);
});
