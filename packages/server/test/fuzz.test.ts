import { Agent } from 'node:http';
import { RATE_LIMIT_HEADERS } from '@hearken/core';
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
  hostileNumber,
  hostileString,
  hostileValue,
  malformedJson,
} from '@hearken/test-support/hostile';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../src/app.ts';
import { type Db, openDatabase } from '../src/db/open.ts';
import { type Listening, listen } from '../src/listen.ts';
import { createFixture, type Fixture } from './fixture.ts';
import { migratedTemplate } from './pglite-template.ts';

/**
 * Seeded, bounded fuzzing of every endpoint over real HTTP: no 5xx, every 4xx in the error
 * format of its API generation naming the field at fault, every v2 answer (those to requests the
 * server cannot read included) with its X-RateLimit headers, no request slower than a second, and
 * no key in any response or log line. HEARKEN_FUZZ_SEED replays a run; HEARKEN_FUZZ_RUNS
 * changes its length.
 */
let db: Db;
let server: Listening;
let fx: Fixture;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

beforeAll(async () => {
  db = await openDatabase({ data: 'memory', template: await migratedTemplate() });
  const now = new Date('2026-11-01T12:00:00.000Z');
  fx = await createFixture(db, now);
  // Limits out of the way (the per-address one too, so made-up keys reach the lookup): the fuzzer looks for failures, not 429s.
  const app = createServer({
    db,
    clock: () => new Date(),
    limits: { reads: 1e9, writes: 1e9, unauthenticated: 1e9 },
  });
  server = await listen(app.fetch, { port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  agent.destroy();
  await server?.close();
  await db?.close();
});

// An empty or odd Host header goes out as it is.
const sendToServer = (request: FuzzRequest) =>
  send(agent, server.port, request, { setHost: !('host' in request.headers) });

// ——— what to send ———

const id = (pick: (f: Fixture) => string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(null).map(() => pick(fx)) },
    { weight: 3, arbitrary: hostileString.map(asPathSegment) },
    { weight: 1, arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%2F', '%', '%ZZ', '%00', '\\', 'a\\b', '') },
  );

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });

/**
 * A body: the endpoint's own fields, plausible but for one hostile value (so it gets past the
 * other checks to the database), or hostile throughout, or anything at all.
 */
function body(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const hostileFields = Object.fromEntries(
    Object.entries(fields).map(([name, plausible]) => [name, fc.oneof(plausible, hostileValue)]),
  );
  const oneHostile = fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.constantFrom(...Object.keys(fields)), hostileValue)
    .map(([value, name, hostile]) => JSON.stringify({ ...value, [name]: hostile }));
  return fc.oneof(
    { weight: 10, arbitrary: oneHostile },
    { weight: 10, arbitrary: fc.record(hostileFields, { requiredKeys: [] }).map((value) => JSON.stringify(value)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.record(hostileFields, { requiredKeys: [] }), hostileString, hostileValue)
        .map(([value, key, extra]) => JSON.stringify({ ...value, [key]: extra })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: malformedJson },
    { weight: 1, arbitrary: deepJson },
  );
}

const ids = (pick: (f: Fixture) => string[]) =>
  fc.oneof(
    fc.constant(null).map(() => pick(fx)),
    fc.array(hostileString, { maxLength: 120 }),
    fc.constant(null).map(() => Array.from({ length: 101 }, (_, index) => `t${index}`)),
  );

interface Endpoint {
  generation: 1 | 2;
  method: string;
  path: fc.Arbitrary<string>;
  query?: Record<string, fc.Arbitrary<string>>;
  body?: fc.Arbitrary<string>;
}

/** A short valid text value. */
const word = fc.string({ minLength: 1, maxLength: 30 }).filter((value) => value.trim() !== '');
const numberText = fc.oneof(hostileNumber.map(String), hostileString);
const v1 = '/api/v1';
const v2 = '/api/v2';

const ENDPOINTS: Endpoint[] = [
  {
    generation: 1,
    method: 'GET',
    path: id((f) => f.a.workspaceId).map((x) => `${v1}/workspaces/${x}`),
    query: { language: hostileString },
  },
  {
    generation: 1,
    method: 'GET',
    path: id((f) => f.a.workspaceId).map((x) => `${v1}/projects/${x}`),
    query: { language: hostileString },
  },
  {
    generation: 1,
    method: 'GET',
    path: id((f) => f.a.workspaceId).map((x) => `${v1}/issues/${x}`),
    query: { language: hostileString },
  },
  {
    generation: 1,
    method: 'PATCH',
    path: fc.constant(`${v1}/users/role`),
    body: body({ membershipId: fc.constant(null).map(() => fx.a.user), role: fc.constantFrom('ADMIN', 'USER') }),
  },
  {
    generation: 1,
    method: 'GET',
    path: id((f) => f.a.threadIds[0]!).map((x) => `${v1}/insights/${x}`),
    query: { includeConversation: hostileString },
  },
  {
    generation: 1,
    method: 'PATCH',
    path: id((f) => f.a.threadIds[0]!).map((x) => `${v1}/insights/${x}`),
    body: body({
      text: word,
      title: word,
      painLevel: fc.constantFrom('LOW', 'HIGH'),
      projectId: fc.constant(null).map(() => fx.a.projectId),
      notify: fc.record({ chat: hostileValue, email: fc.boolean() }),
      state: fc.constantFrom('NEW', 'PROCESSED'),
    }),
  },
  {
    generation: 1,
    method: 'POST',
    path: id((f) => f.a.threadIds[0]!).map((x) => `${v1}/insights/${x}/messages`),
    body: body({
      content: word,
      cc: fc.array(fc.record({ email: fc.emailAddress(), name: word }), { maxLength: 3 }),
      attachments: fc.array(
        fc.record({ Name: word, ContentType: fc.constant('text/plain'), Content: fc.base64String() }),
        {
          maxLength: 2,
        },
      ),
    }),
  },
  { generation: 1, method: 'GET', path: fc.constant(`${v1}/companies/tracker-options`) },
  {
    generation: 1,
    method: 'GET',
    path: id((f) => f.a.companyId).map((x) => `${v1}/companies/${x}`),
    query: { groupUpvotes: hostileString },
  },
  {
    generation: 1,
    method: 'PATCH',
    path: id((f) => f.a.companyId).map((x) => `${v1}/companies/${x}`),
    body: body({
      name: word,
      domains: fc.array(fc.domain(), { maxLength: 3 }),
      externalIds: fc.array(word, { maxLength: 3 }),
      autoAdd: fc.boolean(),
      size: fc.nat(),
      revenue: fc.nat(),
      tierName: word,
      statusName: word,
      statusColor: fc.constantFrom('#ff0000', 'red'),
    }),
  },
  { generation: 1, method: 'DELETE', path: id(() => 'no-such-company').map((x) => `${v1}/companies/${x}`) },
  {
    generation: 1,
    method: 'GET',
    path: fc.constant(`${v1}/contacts`),
    query: { take: numberText, skip: numberText, email: hostileString },
  },
  {
    generation: 1,
    method: 'POST',
    path: fc.constant(`${v1}/contacts`),
    body: body({
      email: fc.emailAddress(),
      name: word,
      companyName: word,
    }),
  },
  { generation: 1, method: 'GET', path: id((f) => f.a.contactId).map((x) => `${v1}/contacts/${x}`) },
  { generation: 2, method: 'GET', path: fc.constant(`${v2}/me`) },
  {
    generation: 2,
    method: 'GET',
    path: fc.constant(`${v2}/threads`),
    query: {
      limit: numberText,
      status: fc.oneof(fc.constantFrom('NEW', 'SNOOZED', 'new'), hostileString),
      tab: fc.oneof(fc.constantFrom('inbox', 'snoozed'), hostileString),
      cursor: fc.oneof(
        hostileString,
        fc.base64String({ maxLength: 200 }),
        fc.constant(null).map(() => forgedCursor()),
      ),
    },
  },
  { generation: 2, method: 'GET', path: id((f) => f.a.threadIds[0]!).map((x) => `${v2}/threads/${x}`) },
  {
    generation: 2,
    method: 'POST',
    path: fc.constant(`${v2}/threads`),
    body: body({
      text: word,
      title: word,
      pain_level: fc.constantFrom('LOW', 'HIGH'),
      origin: fc.constantFrom('API', 'WIDGET'),
      contact_email: fc.emailAddress(),
      contact_name: word,
      company_id: fc.constant(null).map(() => fx.a.companyId),
      project_id: fc.constant(null).map(() => fx.a.projectId),
      issue_id: fc.constant(null).map(() => fx.a.issueId),
      notify_contact: fc.boolean(),
    }),
  },
  {
    generation: 2,
    method: 'GET',
    path: fc.constant(`${v2}/issues`),
    query: {
      limit: numberText,
      status: fc.oneof(fc.constantFrom('Todo', 'Done'), hostileString),
      project_id: fc.oneof(
        fc.constant(null).map(() => fx.a.projectId),
        hostileString,
      ),
      cursor: fc.oneof(
        hostileString,
        fc.constant(null).map(() => forgedCursor()),
      ),
    },
  },
  {
    generation: 2,
    method: 'PATCH',
    path: id((f) => f.a.issueId).map((x) => `${v2}/issues/${x}`),
    body: body({
      status: word,
      title: word,
      description: fc.option(word, { nil: null }),
      priority: word,
      project_id: fc.oneof(
        fc.constant(null).map(() => fx.a.projectId),
        fc.constant(null),
      ),
      is_visible: fc.boolean(),
    }),
  },
  {
    generation: 2,
    method: 'POST',
    path: fc.constant(`${v2}/changelogs`),
    body: body({
      title: word,
      notes: word,
      issue_ids: ids((f) => [f.a.issueId]),
      published: fc.boolean(),
    }),
  },
  {
    generation: 2,
    method: 'POST',
    path: fc.constant(`${v2}/threads/bulk-update`),
    body: body({
      ids: ids((f) => f.a.threadIds),
      set: fc.record(
        {
          state: fc.oneof(fc.constantFrom('NEW', 'SNOOZED'), hostileValue),
          pain_level: hostileValue,
          title: hostileValue,
          assignee_id: fc.oneof(
            fc.constant(null).map(() => fx.a.user),
            hostileValue,
          ),
          snoozed_until: hostileValue,
        },
        { requiredKeys: [] },
      ),
    }),
  },
  {
    generation: 2,
    method: 'POST',
    path: fc.constant(`${v2}/threads/bulk-delete`),
    body: body({ ids: ids(() => ['x']) }),
  },
  {
    generation: 2,
    method: 'POST',
    path: fc.constant(`${v2}/companies`),
    body: body({
      name: word,
      logo_url: fc.webUrl(),
      domains: fc.array(fc.domain(), { maxLength: 3 }),
      size: fc.nat(),
      revenue: fc.nat(),
      external_ids: fc.array(word, { maxLength: 3 }),
    }),
  },
];

/** A real cursor with one character changed: signed cursors must refuse it. */
let realCursor = '';
function forgedCursor(): string {
  if (realCursor.length === 0) return 'eyJhdCI6IjIwMjYifQ';
  const at = realCursor.length >> 1;
  return `${realCursor.slice(0, at)}${realCursor[at] === 'A' ? 'B' : 'A'}${realCursor.slice(at + 1)}`;
}

const ODD_PATHS = fc.constantFrom(
  '/api/v2/threads\\x',
  '/api/v2\\threads',
  '/api/v2//threads',
  '/api/v2/threads/',
  '/api/v2/threads/%',
  '/api/v2/./threads',
  '/api/v2/../v1/contacts',
  '/API/V2/THREADS',
  '/api/v1/..%2f..%2fetc%2fpasswd',
  '/api/v3/threads',
  '/api/v1/companies/%00',
  '/api/v2/threads?limit=1&limit=2',
  `/api/v2/threads/${'a'.repeat(8000)}`,
  '/',
  '*',
);

function keyFor(generation: 1 | 2): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(null).map(() => (generation === 1 ? fx.a.keys.v1Admin : fx.a.keys.v2Full)) },
    { weight: 1, arbitrary: fc.constant(null).map(() => (generation === 1 ? fx.a.keys.v2Full : fx.a.keys.v1Admin)) },
    { weight: 1, arbitrary: fc.constant(null).map(() => fx.b.keys.v2Read) },
    { weight: 1, arbitrary: fc.constant(null).map(() => fx.a.keys.v2Revoked) },
    { weight: 1, arbitrary: hostileString.map((value) => `cfs_v${generation}_${value}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const requestArbitrary: fc.Arbitrary<FuzzRequest> = fc
  .constantFrom(...ENDPOINTS)
  .chain((endpoint) =>
    fc.record({
      endpoint: fc.constant(endpoint),
      path: fc.oneof({ weight: 30, arbitrary: endpoint.path }, { weight: 1, arbitrary: ODD_PATHS }),
      query: fc.record(
        Object.fromEntries(Object.entries(endpoint.query ?? {}).map(([name, value]) => [name, maybe(value)])),
      ),
      key: keyFor(endpoint.generation),
      body: endpoint.body ?? fc.constant(undefined),
      contentType: fc.oneof(
        { weight: 12, arbitrary: fc.constant('application/json') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('text/plain', 'application/json; charset=utf-16', 'multipart/form-data'),
        },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      oddHeaders: fc.record(
        {
          host: fc.constantFrom('bad host', '', 'a'.repeat(300), '[::1', 'exa\\mple:99999'),
          'idempotency-key': fc.oneof(fc.uuid(), hostileString),
          'x-request-id': hostileString,
          'accept-language': hostileString,
          authorization: fc.constantFrom('Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', 'bearer x y'),
        },
        { requiredKeys: [] },
      ),
      odd: fc.nat(9),
    }),
  )
  .map(({ endpoint, path, query, key, body, contentType, oddHeaders, odd }) => {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const headers: Record<string, string> = {};
    if (key !== undefined) headers.authorization = `Bearer ${asHeaderValue(key)}`;
    if (body !== undefined && contentType !== undefined) headers['content-type'] = contentType;
    // One request in ten carries odd headers besides.
    if (odd === 0) for (const [name, value] of Object.entries(oddHeaders)) headers[name] = asHeaderValue(String(value));
    const target = search.size > 0 ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
    return { method: endpoint.method, path: target, headers, ...(body !== undefined ? { body } : {}) };
  });

// ——— what to check ———

/**
 * An error body in the format of the API its path reaches (`/api/v2/../v1` is v1, `\` is `/`); a
 * v1 400 names its fields in its issues' messages.
 */
function errorProblems(request: FuzzRequest, body: unknown, reply: FuzzReply): string[] {
  if (reaches(request.path, '/api/v2')) return v2ErrorProblems(body, reply);
  const found = v1ErrorProblems(body, reply);
  if (found.length > 0 || reply.status !== 400) return found;
  const issues = (body as { issues?: { message?: unknown }[] }).issues;
  return !issues?.length || issues.some((issue) => typeof issue.message !== 'string' || !/^.+?: /s.test(issue.message))
    ? [`400 naming no field: ${reply.text.slice(0, 160)}`]
    : [];
}

/** Every v2 answer, whatever its status, carries the rate-limit state; a 429 also says when to retry. */
function replyProblems(request: FuzzRequest, reply: FuzzReply): string[] {
  if (!reaches(request.path, '/api/v2')) return [];
  const names = [...Object.values(RATE_LIMIT_HEADERS), ...(reply.status === 429 ? ['Retry-After'] : [])];
  const missing = names.filter((name) => !/^\d+$/.test(String(reply.headers[name.toLowerCase()] ?? '')));
  return missing.length > 0 ? [`${reply.status} without ${missing.join(', ')}`] : [];
}

describe('fuzzing the server', () => {
  it(`answers ${RUNS} hostile requests to every endpoint with no 5xx, only well-formed 4xx, rate-limit headers on v2, fast, leaking no key`, async () => {
    console.info(`server fuzz: seed ${SEED}, ${RUNS} requests (replay with HEARKEN_FUZZ_SEED=${SEED})`);
    const logged: string[] = [];
    const capture = (...args: unknown[]) => {
      logged.push(
        args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}\n${arg.stack}` : String(arg))).join(' '),
      );
    };
    const spies = (['error', 'warn', 'log', 'info', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(capture),
    );
    try {
      const first = await sendToServer({
        method: 'GET',
        path: `${v2}/threads?limit=1`,
        headers: { authorization: `Bearer ${fx.a.keys.v2Full}` },
      });
      realCursor = (JSON.parse(first.text) as { page: { cursor: string } }).page.cursor;
      const found = await fuzz({
        requests: requestArbitrary,
        send: sendToServer,
        secrets: [fx.a, fx.b].flatMap((tenant) => Object.values(tenant.keys)),
        checkError: errorProblems,
        checkReply: replyProblems,
        logged: () => logged,
      });
      expect(found, `seed ${SEED}`).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }, 300_000);
});
