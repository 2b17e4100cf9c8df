import { type ProxyOptions, type ResolvedOptions, resolveOptions } from '../config/options.ts';
import { clientIp, rateLimitSubject } from '../http/client-address.ts';
import { isOriginAllowed, preflightReply, withCors } from '../http/cors.ts';
import { asV1Error, errorReply, invalidField, jsonReply, newRequestId, notFound } from '../http/envelope.ts';
import { fromFetchRequest, type ProxyReply, type ProxyRequest, toFetchResponse } from '../http/exchange.ts';
import { createKeyBudget } from '../limits/key-budget.ts';
import { memoryLimiters, takePoint } from '../limits/rate-limit.ts';
import { createPortalCache, isPortalPath } from '../upstream/portal-cache.ts';
import { postUpstream } from '../upstream/post-thread.ts';
import { checkKey } from '../upstream/startup-check.ts';
import type { UpstreamTransport } from '../upstream/transport.ts';
import { verifyIdentity } from '../write/identity.ts';
import { decoyRow, spamReason } from '../write/spam.ts';
import { parseThreadInput } from '../write/thread-input.ts';

/** What a runtime adapter knows beyond the Request itself. */
export interface ProxyRequestContext {
  /** The peer address of the connection (the Node adapter fills it in). */
  clientIp?: string | undefined;
}

/** A Fetch-standard handler: works as is on Node, Bun, Deno, Workers and in framework route handlers. */
export type ProxyHandler = (request: Request, context?: ProxyRequestContext) => Promise<Response>;

/** The proxy's logic over runtime-neutral requests and replies; each adapter wraps it. */
export type ProxyCore = (request: ProxyRequest, context: ProxyRequestContext) => Promise<ProxyReply>;

const cores = new WeakMap<ProxyHandler, ProxyCore>();
const routes = new WeakMap<ProxyHandler, (path: string) => boolean>();

/**
 * The logic behind a handler `createProxy` made, so an adapter can serve it without building a
 * Request and a Response per call. Undefined for any other function, such as a wrapped handler.
 */
export function coreOf(handler: ProxyHandler): ProxyCore | undefined {
  return cores.get(handler);
}

/**
 * Whether a handler `createProxy` made serves this request path (its base path included), so a
 * host framework can hand every other path to its own routes. Undefined for any other function.
 */
export function routesOf(handler: ProxyHandler): ((path: string) => boolean) | undefined {
  return routes.get(handler);
}

const THREADS_PATH = '/api/v2/threads';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

interface Outcome {
  reply: ProxyReply;
  /** Why the request was refused or diverted, for the log. */
  reason?: string;
  /** Logged at info whatever the reason: the client went away, nothing failed. */
  quiet?: boolean;
}

/** nginx's "client closed request": no client reads it, it only names the case in the log. */
const CLIENT_CLOSED = 499;

/**
 * Checks the options and the key (GET /api/v2/me), then returns the handler. Rejects with a
 * `ProxyConfigError` saying what to fix when the key or an option is unfit.
 */
export function createProxy(options: ProxyOptions): Promise<ProxyHandler> {
  return createProxyWith(options, null);
}

/** `createProxy` with the runtime's own transport to the service (see `ProxyOptions.fetch`). */
export async function createProxyWith(
  options: ProxyOptions,
  transport: UpstreamTransport | null,
): Promise<ProxyHandler> {
  const resolved = resolveOptions(options, transport);
  await checkKey(resolved);
  resolved.log({ level: 'info', event: 'ready' });
  const core = buildCore(resolved);
  const handler: ProxyHandler = async (request, context = {}) =>
    toFetchResponse(await core(fromFetchRequest(request), context));
  cores.set(handler, core);
  routes.set(handler, (path) => {
    const local = withinBase(path, resolved.basePath);
    return (
      local === '/healthz' ||
      local === THREADS_PATH ||
      (resolved.portalMaxAgeSeconds !== null && local !== null && isPortalPath(local))
    );
  });
  return handler;
}

/** The path below `basePath`, or null when the path is outside it. */
function withinBase(path: string, basePath: string): string | null {
  if (basePath === '') return path;
  return path === basePath || path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : null;
}

function buildCore(options: ResolvedOptions): ProxyCore {
  const limiters = options.limiters ?? memoryLimiters;
  const ipLimiter = options.perIp ? limiters({ ...options.perIp, keyPrefix: 'hearken-proxy-ip' }) : null;
  const identityLimiter = options.perIdentity
    ? limiters({ ...options.perIdentity, keyPrefix: 'hearken-proxy-identity' })
    : null;
  const keyBudget = options.keyBudgetReserve === null ? null : createKeyBudget(limiters, options.keyBudgetReserve);
  const portal = options.portalMaxAgeSeconds === null ? null : createPortalCache(options, options.portalMaxAgeSeconds);
  let warnedNoAddress = false;

  function rateLimited(seconds: number, requestId: string): ProxyReply {
    return errorReply(429, 'rate_limited', `Too many submissions; try again in ${seconds} s`, requestId, {
      headers: { 'retry-after': String(seconds) },
    });
  }

  async function createThread(request: ProxyRequest, ip: string | undefined, requestId: string): Promise<Outcome> {
    if (ip === undefined && !warnedNoAddress) {
      // Said once: every post would say it, and the setting to fix is the same.
      warnedNoAddress = true;
      options.log({
        level: 'warn',
        event: 'client_address_unknown',
        requestId,
        reason:
          'No client address (no socket address, clientIpHeader or trustProxy): every visitor shares one rate limit and one share of the key; set clientIpHeader or trustProxy',
      });
    }
    if (ipLimiter) {
      const wait = await takePoint(ipLimiter, rateLimitSubject(ip));
      if (wait !== null) return { reply: rateLimited(wait, requestId), reason: 'rate_limited_ip' };
    }
    const type = request.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) {
      return {
        reply: errorReply(415, 'unsupported_media_type', 'Content-Type must be application/json', requestId),
        reason: 'content_type',
      };
    }
    const body = await request.text(options.maxBodyBytes);
    if (!body.ok) {
      if (body.reason === 'aborted') {
        return {
          reply: errorReply(CLIENT_CLOSED, 'client_closed', 'The client hung up mid-body', requestId),
          reason: 'client_aborted',
          quiet: true,
        };
      }
      return body.reason === 'too_large'
        ? {
            reply: errorReply(413, 'payload_too_large', `Body exceeds ${options.maxBodyBytes} bytes`, requestId),
            reason: 'too_large',
          }
        : { reply: invalidField('body', 'body must be UTF-8 JSON', requestId), reason: 'invalid_body' };
    }
    const input = parseThreadInput(body.text);
    if (!input.ok) return { reply: invalidField(input.field, input.message, requestId), reason: 'invalid_field' };
    const idempotencyKey = request.header('idempotency-key');
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      return {
        reply: invalidField('Idempotency-Key', 'Idempotency-Key must be 1-255 visible ASCII characters', requestId),
        reason: 'invalid_field',
      };
    }
    const identity = await verifyIdentity(request.header('authorization'), options.identity);
    if (identity.kind === 'rejected') {
      return { reply: errorReply(401, 'unauthenticated', identity.message, requestId), reason: 'identity' };
    }
    if (identity.kind === 'anonymous' && options.identity?.required) {
      return {
        reply: errorReply(401, 'unauthenticated', 'An identity token is required', requestId),
        reason: 'identity_required',
      };
    }
    const thread = input.thread;
    if (identity.kind === 'verified') {
      // The verified claims replace whatever the page put in the contact fields.
      thread.contact_email = identity.identity.email;
      if (identity.identity.name) thread.contact_name = identity.identity.name;
      else delete thread.contact_name;
      if (identityLimiter) {
        const wait = await takePoint(identityLimiter, `identity:${identity.identity.email.toLowerCase()}`);
        if (wait !== null) return { reply: rateLimited(wait, requestId), reason: 'rate_limited_identity' };
      }
    }
    const spam = spamReason(request, thread, options.minFillMs);
    if (spam !== null) return { reply: jsonReply(201, decoyRow(thread), requestId), reason: spam };
    if (keyBudget) {
      // Last of the checks: only a write that will reach the service spends the key's budget.
      const wait = await keyBudget.take(rateLimitSubject(ip));
      if (wait !== null) return { reply: rateLimited(wait, requestId), reason: 'rate_limited_key_share' };
    }
    const outcome = await postUpstream(options, {
      path: THREADS_PATH,
      body: thread,
      requestId,
      idempotencyKey,
      clientIp: ip,
    });
    keyBudget?.learn(outcome.window);
    return { reply: outcome.reply, ...(outcome.failure ? { reason: outcome.failure } : {}) };
  }

  async function route(
    request: ProxyRequest,
    path: string,
    origin: string | null,
    allowed: boolean,
    ip: string | undefined,
    requestId: string,
  ): Promise<Outcome> {
    const method = request.method;
    if (path === '/healthz' && (method === 'GET' || method === 'HEAD')) {
      return { reply: jsonReply(200, { status: 'ok' }, requestId) };
    }
    const isThreads = path === THREADS_PATH;
    const isPortal = portal !== null && isPortalPath(path);
    if (!isThreads && !isPortal) return { reply: notFound(requestId), reason: 'route' };
    const forbidden = (): Outcome => ({
      reply: errorReply(403, 'forbidden', 'Origin not allowed', requestId),
      reason: 'origin',
    });
    if (method === 'OPTIONS') {
      if (!allowed) return forbidden();
      return { reply: preflightReply(isThreads ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS', requestId) };
    }
    if (isThreads && method === 'POST') {
      // Browsers always send Origin on a cross-site POST; a request without one is not a widget.
      if (!allowed) return forbidden();
      return createThread(request, ip, requestId);
    }
    if (isPortal && portal && (method === 'GET' || method === 'HEAD')) {
      // The data is public; Origin is only checked when a browser states one.
      if (origin !== null && !allowed) return forbidden();
      return { reply: await portal(path, request) };
    }
    return { reply: notFound(requestId), reason: 'route' };
  }

  return async function handle(request, context) {
    const started = Date.now();
    const requestId = newRequestId();
    const origin = request.header('origin');
    const allowed = origin !== null && isOriginAllowed(origin, options.origins);
    const ip = clientIp(request, context.clientIp, options);
    const path = withinBase(request.path, options.basePath) ?? '';
    let outcome: Outcome;
    try {
      outcome = await route(request, path, origin, allowed, ip, requestId);
    } catch (error) {
      outcome = {
        reply: errorReply(500, 'internal_error', 'The proxy failed to handle the request', requestId),
        reason: `internal_${(error as Error | null)?.name ?? 'error'}`,
      };
    }
    const reply = withCors(
      path.startsWith('/api/v1/') ? asV1Error(outcome.reply) : outcome.reply,
      allowed ? origin : null,
    );
    const status = reply.status;
    options.log({
      level: outcome.quiet ? 'info' : status >= 500 ? 'error' : outcome.reason ? 'warn' : 'info',
      event: 'request',
      requestId: reply.headers['x-request-id'] ?? requestId,
      status,
      method: request.method,
      path,
      ...(origin !== null ? { origin } : {}),
      ...(outcome.reason ? { reason: outcome.reason } : {}),
      durationMs: Date.now() - started,
    });
    return reply;
  };
}
