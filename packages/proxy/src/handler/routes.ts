import {
  fillPath,
  OPS_PATHS,
  type Operation,
  pathParams,
  portalOperations,
  proxyListPublishedChangelogsOperation,
  proxyThreadUpdatesOperation,
  proxyWithdrawVoteOperation,
  v2CreateMessageOperation,
  v2CreateThreadOperation,
} from '@hearken/core';
import type { ResolvedOptions } from '../config/options.ts';
import { jsonReply } from '../http/envelope.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';
import type { Receipts } from '../receipts/settings.ts';
import { threadReads } from '../receipts/thread-reads.ts';
import { createUpdatesRoute } from '../receipts/updates.ts';
import { createWithdrawRoute } from '../receipts/withdraw.ts';
import { createReadCache, portalReads } from '../upstream/portal-cache.ts';
import { publishedChangelogs } from '../upstream/published-changelogs.ts';
import { createMessageWriter } from '../write/create-message.ts';
import { createThreadWriter } from '../write/create-thread.ts';
import { createWriteLimits } from '../write/write-limits.ts';
import { createReadiness, type ReadinessChecks } from './readiness.ts';

/** One path the proxy answers, and how. */
export interface Route {
  /** The path template it serves (`/api/v2/threads/{id}/messages`): what logs and metrics name it by. */
  readonly template: string;
  /** The methods it serves; any other is 404, as for a path it does not know. */
  readonly methods: ReadonlySet<string>;
  /**
   * Whose requests it serves: `required`, only an allowed Origin (browsers always send Origin
   * on a cross-site POST: a request without one is not a widget); `stated`, public data, so an
   * Origin is checked only when a browser states one; `any`, every caller.
   */
  readonly origin: 'required' | 'stated' | 'any';
  /** `Access-Control-Allow-Methods` of its preflight for allowed origins; null answers none. */
  readonly preflight: string | null;
  serve(request: ProxyRequest, path: string, ip: string | undefined, requestId: string): Promise<Outcome> | Outcome;
}

/** The route of a path below the base path, or null. */
export type Router = (path: string) => Route | null;

const health: Route = {
  template: OPS_PATHS.health,
  methods: new Set(['GET', 'HEAD']),
  origin: 'any',
  preflight: null,
  serve: (_request, _path, _ip, requestId) => ({ reply: jsonReply(200, { status: 'ok' }, requestId) }),
};

/** A route serving an API operation: its method, and HEAD beside GET. */
function operationRoute(operation: Operation, origin: Route['origin'], serve: Route['serve']): Route {
  const methods = operation.method === 'GET' ? ['GET', 'HEAD'] : [operation.method];
  return {
    template: operation.path,
    methods: new Set(methods),
    origin,
    preflight: [...methods, 'OPTIONS'].join(', '),
    serve,
  };
}

/** Ids as the proxy passes them on: a shape any id has, so no other text reaches the service's paths. */
const ID = '[A-Za-z0-9_-]{1,128}';
const MARKER = 'PARAMETER';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The instances of a path template whose parameters are ids, each id a capture group. */
function idPathPattern(template: string): RegExp {
  const filled = fillPath(template, Object.fromEntries(pathParams(template).map((name) => [name, MARKER])));
  return new RegExp(`^${filled.split(MARKER).map(escapeRegExp).join(`(${ID})`)}$`);
}

/** Every route the options turn on, in lookups made once, at creation. */
export function createRouter(
  options: ResolvedOptions,
  checks: ReadinessChecks = {},
  receipts: Receipts | null = null,
): Router {
  const readiness = createReadiness(options, checks);
  const ready: Route = {
    template: OPS_PATHS.ready,
    methods: new Set(['GET', 'HEAD']),
    origin: 'any',
    preflight: null,
    serve: async (_request, _path, _ip, requestId) => {
      const { status, body } = await readiness();
      return { reply: jsonReply(status, body, requestId) };
    },
  };
  const limits = createWriteLimits(options);
  const writeThread = createThreadWriter(options, limits, receipts?.secret ?? null);
  const templated: (readonly [RegExp, Route])[] = [];
  if (options.messages) {
    const writeMessage = createMessageWriter(options, options.messages, limits);
    const pattern = idPathPattern(v2CreateMessageOperation.path);
    templated.push([
      pattern,
      operationRoute(v2CreateMessageOperation, 'required', (request, path, ip, requestId) =>
        writeMessage(request, pattern.exec(path)?.[1] ?? '', ip, requestId),
      ),
    ]);
  }
  const receiptRoutes: [string, Route][] = [];
  if (receipts) {
    const reads = threadReads(options, receipts.workspaceId);
    const updates = createUpdatesRoute(options, receipts.secret, reads);
    receiptRoutes.push([
      proxyThreadUpdatesOperation.path,
      operationRoute(proxyThreadUpdatesOperation, 'required', (request, _path, _ip, requestId) =>
        updates(request, requestId),
      ),
    ]);
    const withdraw = createWithdrawRoute(receipts.secret, reads);
    const pattern = idPathPattern(proxyWithdrawVoteOperation.path);
    templated.push([
      pattern,
      operationRoute(proxyWithdrawVoteOperation, 'required', (request, path, _ip, requestId) =>
        withdraw(request, pattern.exec(path)?.[1] ?? '', requestId),
      ),
    ]);
  }
  const find = (path: string) => templated.find(([pattern]) => pattern.test(path))?.[1] ?? null;
  const exact = new Map<string, Route>([
    [OPS_PATHS.health, health],
    [OPS_PATHS.ready, ready],
    [
      v2CreateThreadOperation.path,
      operationRoute(v2CreateThreadOperation, 'required', (request, _path, ip, requestId) =>
        writeThread(request, ip, requestId),
      ),
    ],
    ...receiptRoutes,
  ]);
  if (options.portalMaxAgeSeconds === null) return (path) => exact.get(path) ?? find(path);
  const cache = createReadCache(options, options.portalMaxAgeSeconds);
  const portal = portalReads(cache);
  const servePortal: Route['serve'] = async (request, path) => ({ reply: await portal(path, request) });
  if (options.portalChangelog) {
    const changelogs = publishedChangelogs(options, cache);
    exact.set(
      proxyListPublishedChangelogsOperation.path,
      operationRoute(proxyListPublishedChangelogsOperation, 'stated', async (request, _path, _ip, requestId) => ({
        reply: await changelogs(request, requestId),
      })),
    );
  }
  for (const operation of portalOperations) {
    templated.push([idPathPattern(operation.path), operationRoute(operation, 'stated', servePortal)]);
  }
  return (path) => exact.get(path) ?? find(path);
}
