import type { ResolvedOptions } from '../config/options.ts';
import { silent } from '../config/resolve-options.ts';
import { clientIp } from '../http/client-address.ts';
import { isOriginAllowed, preflightReply, withCors } from '../http/cors.ts';
import { asV1Error, errorReply, newRequestId, notFound, REQUEST_ID } from '../http/envelope.ts';
import type { Outcome, ProxyReply, ProxyRequest } from '../http/exchange.ts';
import type { Route, Router } from './routes.ts';

/** The route logs and metrics name a request by when no route serves its path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What a runtime adapter knows beyond the request itself. */
export interface ProxyRequestContext {
  /** The peer address of the connection (the Node adapter fills it in). */
  clientIp?: string | undefined;
}

/** The proxy's logic over runtime-neutral requests and replies; each adapter wraps it. */
export type Handle = (request: ProxyRequest, context: ProxyRequestContext) => Promise<ProxyReply>;

/** The path below `basePath`, or null when the path is outside it. */
export function withinBase(path: string, basePath: string): string | null {
  if (basePath === '') return path;
  return path === basePath || path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : null;
}

function refused(reply: ProxyReply, reason: string): Outcome {
  return { reply, reason };
}

/** The route's answer, once the method and the Origin are ones it serves. */
function answer(
  route: Route | null,
  request: ProxyRequest,
  path: string,
  origin: string | null,
  allowed: boolean,
  ip: string | undefined,
  requestId: string,
): Promise<Outcome> | Outcome {
  if (route === null) return refused(notFound(requestId), 'route');
  const method = request.method;
  if (method === 'OPTIONS' && route.preflight !== null) {
    return allowed ? { reply: preflightReply(route.preflight, requestId) } : forbidden(requestId);
  }
  if (!route.methods.has(method)) return refused(notFound(requestId), 'route');
  if (!allowed && (route.origin === 'required' || (route.origin === 'stated' && origin !== null))) {
    return forbidden(requestId);
  }
  return route.serve(request, path, ip, requestId);
}

function forbidden(requestId: string): Outcome {
  return refused(errorReply('forbidden', 'Origin not allowed', requestId), 'origin');
}

/**
 * Every request's frame: its request id, the route's answer (500 if it failed), the v1 error body
 * on v1 paths, CORS headers for an allowed origin, and one log entry.
 */
export function createHandle(options: ResolvedOptions, route: Router): Handle {
  const logs = options.log !== silent;
  return async function handle(request, context) {
    const started = Date.now();
    const requestId = newRequestId();
    const origin = request.header('origin');
    const allowed = origin !== null && isOriginAllowed(origin, options.origins);
    const ip = clientIp(request, context.clientIp, options);
    const path = withinBase(request.path, options.basePath) ?? '';
    const matched = route(path);
    let outcome: Outcome;
    try {
      outcome = await answer(matched, request, path, origin, allowed, ip, requestId);
    } catch (error) {
      outcome = refused(
        errorReply('internal_error', 'The proxy failed to handle the request', requestId),
        `internal_${(error as Error | null)?.name ?? 'error'}`,
      );
    }
    const reply = withCors(
      path.startsWith('/api/v1/') ? asV1Error(outcome.reply) : outcome.reply,
      allowed ? origin : null,
    );
    if (!logs) return reply;
    const status = reply.status;
    options.log({
      level: outcome.quiet ? 'info' : status >= 500 ? 'error' : outcome.reason ? 'warn' : 'info',
      event: 'request',
      requestId: reply.headers[REQUEST_ID] ?? requestId,
      status,
      method: request.method,
      path,
      route: matched?.template ?? UNMATCHED_ROUTE,
      ...(origin !== null ? { origin } : {}),
      ...(outcome.reason ? { reason: outcome.reason } : {}),
      ...(outcome.held ? { held: outcome.held } : {}),
      durationMs: Date.now() - started,
    });
    return reply;
  };
}
