import { OPS_PATHS } from '@hearken/core';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../http/env.ts';
import type { OperateOptions } from './options.ts';

/** The label of requests no route matched: their raw paths would make a label per probe of a scanner. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Probes come every few seconds: logged at debug, so they do not drown the requests. */
const PROBES: ReadonlySet<string> = new Set(Object.values(OPS_PATHS));

/**
 * Times each request and, once it is answered, counts it in the metrics and writes one log line:
 * request id, client address bucket (as `trustProxy` reads it), method, route template, status
 * and duration. Never a header, a query or a body.
 */
export function observeRequests(options: Pick<OperateOptions, 'logger' | 'metrics'>): MiddlewareHandler<AppEnv> {
  const { logger, metrics } = options;
  return async (c, next) => {
    const started = performance.now();
    await next();
    const durationMs = performance.now() - started;
    // The last route the path matched: the operation's template (/api/v2/threads/:id) even when
    // a middleware before it answered (401, 429), else the middleware's own pattern.
    const matched = routePath(c, -1);
    const route = matched === '*' || matched === '/*' || matched === '' ? UNMATCHED_ROUTE : matched;
    const status = c.res.status;
    const method = c.req.method;
    metrics?.request(route, method, status, durationMs / 1000, c.get('refusal'));
    if (!logger) return;
    const level = status >= 500 ? 'error' : PROBES.has(route) ? 'debug' : 'info';
    logger[level](
      {
        requestId: c.get('requestId'),
        client: c.get('clientAddress'),
        method,
        route,
        status,
        durationMs: Math.round(durationMs * 10) / 10,
      },
      'request',
    );
  };
}
