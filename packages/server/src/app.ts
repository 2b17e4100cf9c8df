import { REQUEST_ID_HEADER } from '@hearken/core';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiRoutes } from './api/index.ts';
import { loggableError } from './db/loggable-error.ts';
import type { Db } from './db/open.ts';
import { demoAssetRoutes } from './demo-assets.ts';
import { createAddressLimiter } from './http/address-limit.ts';
import { clientAddress } from './http/client-address.ts';
import type { AppEnv } from './http/env.ts';
import { errorBody, HttpError, toHttpError } from './http/errors.ts';
import { createKeyCache, type KeyCacheOptions } from './http/key-cache.ts';
import { createRateLimiter, type RateLimitOptions } from './http/rate-limit.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './http/unavailable.ts';
import { answerUnreadable } from './http/unreadable.ts';
import { newRequestId } from './ids.ts';
import { unsubscribeRoutes } from './mail/unsubscribe-routes.ts';
import { buildOpenApiDocument, OPENAPI_PATH, type OpenApiDocument } from './openapi/document.ts';
import { referenceRoutes } from './openapi/reference.ts';
import { observeRequests } from './ops/observe.ts';
import type { OperateOptions } from './ops/options.ts';
import { opsRoutes } from './ops/routes.ts';

export interface CreateServerOptions {
  /** The database, from `openDatabase`. */
  db: Db;
  /** The current time. Default `() => new Date()`. */
  clock?: () => Date;
  /**
   * Rate limits per key and method class, and per address without a valid key. Default 1000 reads
   * and 60 writes per 60 s per key, 100 requests per 60 s per address, in memory.
   */
  limits?: RateLimitOptions;
  /**
   * Reverse proxies in front of the server whose `X-Forwarded-For` entries are trusted: the
   * client is the entry this many places from the right (the key proxy's `trustProxy`). Set it
   * behind a load balancer or reverse proxy, or every client shares the proxy's address in the
   * per-address limit, the logs and the metrics; leave it 0 when clients connect directly, or any
   * client could name its own address. Default 0: the socket address.
   */
  trustProxy?: number | undefined;
  /** The cache of verified API keys (lifetime, size, revocations across processes). Default 5 s, 10,000 keys. */
  keys?: KeyCacheOptions;
  /** Webhook settings. Default: https receivers on public addresses only. */
  webhooks?: WebhookServerOptions;
  /** Request logs and metrics for operators. Default: neither; /healthz and /readyz are always served. */
  operate?: OperateOptions;
}

export interface WebhookServerOptions {
  /** Development only: also accept http and loopback receivers (e.g. `http://127.0.0.1:3000/hook`). Default false. */
  allowLoopback?: boolean;
  /** Called after every write request, so an in-process delivery worker starts at once instead of at its next poll. */
  afterWrite?: () => void;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The Customer Feedback Service as a Hono app. Runtime-neutral: serve it with
 * `@hono/node-server` (see `startServer`), or any runtime that speaks fetch.
 */
export function createServer(options: CreateServerOptions): Hono<AppEnv> {
  const services = {
    db: options.db,
    now: options.clock ?? (() => new Date()),
    webhookPolicy: { allowLoopback: options.webhooks?.allowLoopback ?? false },
  };
  const afterWrite = options.webhooks?.afterWrite;
  const limiter = createRateLimiter(options.limits);
  const addresses = createAddressLimiter(options.limits);
  const keys = createKeyCache(options.db.orm, options.keys);
  const trustProxy = options.trustProxy ?? 0;
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    // A caller's (or the proxy's) request id is kept so one id traces a call end to end.
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = given && REQUEST_ID.test(given) ? given : newRequestId();
    c.set('requestId', requestId);
    c.set('services', services);
    c.set('clientAddress', clientAddress(c, trustProxy));
    c.header(REQUEST_ID_HEADER, requestId);
    await next();
    if (afterWrite && c.req.method !== 'GET' && c.req.method !== 'HEAD') afterWrite();
  });
  const operate = options.operate ?? {};
  if (operate.logger || operate.metrics) app.use('*', observeRequests(operate));
  app.use('*', answerUnreadable(addresses));
  app.route(
    '/',
    opsRoutes({
      db: options.db,
      redis: options.limits?.redis,
      metrics: operate.metricsRoute === false ? undefined : operate.metrics,
      metricsToken: operate.metricsToken,
    }),
  );
  app.route('/', demoAssetRoutes());
  // Reached from email links, without an API key.
  app.route('/', unsubscribeRoutes(addresses));
  const api = apiRoutes(limiter, addresses, keys);
  app.route('/', api);
  // Built on first request, then kept.
  let document: Promise<OpenApiDocument> | undefined;
  app.get(OPENAPI_PATH, async (c) => {
    document ??= buildOpenApiDocument(api);
    return c.json(await document);
  });
  app.route('/', referenceRoutes(OPENAPI_PATH));

  /** Any failure, domain or HTTP, as the error body of the path's generation. */
  const renderError = (error: Error, c: Context<AppEnv>): Response => {
    const failure = toHttpError(error);
    const requestId = c.get('requestId');
    if (failure.code === 'internal_error') {
      const logged = loggableError(error);
      if (operate.logger) operate.logger.error({ requestId, err: logged }, 'request failed');
      else console.error(`[hearken-server] ${requestId}`, logged);
    }
    if (failure.code === 'service_unavailable') c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return c.json(errorBody(c.req.path, failure, requestId), failure.status as ContentfulStatusCode);
  };
  app.notFound((c) => renderError(new HttpError('not_found', 'No such endpoint'), c));
  app.onError(renderError);
  return app;
}
