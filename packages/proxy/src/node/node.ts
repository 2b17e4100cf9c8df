import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { Redis } from 'ioredis';
import { DEFAULTS, type ProxyLogEntry, type ProxyOptions } from '../config/options.ts';
import { coreOf, createProxyWith, type ProxyHandler, routesOf } from '../handler/create-proxy.ts';
import { type BodyResult, declaredTooLarge, decodeChunks } from '../http/body.ts';
import { asV1Error, errorReply, invalidField, newRequestId } from '../http/envelope.ts';
import type { ProxyReply, ProxyRequest } from '../http/exchange.ts';
import { redisLimiters } from '../limits/redis.ts';
import { nodeTransport } from './transport.ts';

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

/**
 * `createProxy` for Node: the same Fetch-standard handler, sending to the service over
 * a keep-alive undici connection pool unless `options.fetch` is given.
 */
export async function createProxy(options: ProxyOptions): Promise<ProxyHandler> {
  const transport = options.fetch ? null : nodeTransport();
  try {
    return await createProxyWith(options, transport);
  } catch (error) {
    // A refused start leaves no connection open.
    transport?.close();
    throw error;
  }
}

/** Reads Node's request body, stopping as soon as it exceeds `limit` bytes (the rest is let go unread). */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<BodyResult> {
  if (declaredTooLarge(incoming.headers['content-length'], limit)) {
    return Promise.resolve({ ok: false, reason: 'too_large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        stop();
        resolve({ ok: false, reason: 'too_large' });
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(decodeChunks(chunks, size));
    };
    const onClose = () => {
      stop();
      resolve({ ok: false, reason: 'aborted' });
    };
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('close', onClose);
  });
}

// Only the path and query matter; a target that is not a URL matches no route.
function requestUrl(target: string): URL {
  try {
    return new URL(target.startsWith('/') ? `http://localhost${target}` : target);
  } catch {
    return new URL('http://localhost/');
  }
}

/** A path a URL parser would leave as it is: no dot segments, escapes or characters it encodes. */
const PLAIN_PATH = /^\/[\w\-/]*$/;

function fromIncoming(incoming: IncomingMessage): ProxyRequest {
  const target = incoming.url ?? '/';
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  // Parsed only when needed: a widget's requests have plain paths and no query.
  let url: URL | undefined;
  const parsed = () => {
    url ??= requestUrl(target);
    return url;
  };
  return {
    method: incoming.method ?? 'GET',
    path: PLAIN_PATH.test(path) ? path : parsed().pathname,
    param: (name) => parsed().searchParams.get(name),
    // Node keeps header names in lower case; callers may name them as the HTTP spec writes them.
    header: (name) => incoming.headersDistinct[name.toLowerCase()]?.join(', ') ?? null,
    text: (limit) => readIncoming(incoming, limit),
  };
}

function writeReply(outgoing: ServerResponse, reply: ProxyReply): void {
  // A client that hung up gets no answer.
  if (outgoing.destroyed) return;
  if (reply.body !== null) reply.headers['content-length'] = String(Buffer.byteLength(reply.body));
  outgoing.writeHead(reply.status, reply.headers);
  outgoing.end(reply.body ?? undefined);
}

/**
 * Serves the proxy from Node's `http.createServer`, passing the socket address as client IP. A
 * handler from `createProxy` is served straight from Node's request and response objects; any
 * other handler (one you wrapped, say) through Fetch Request and Response objects.
 */
export function toNodeListener(handler: ProxyHandler): NodeListener {
  const core = coreOf(handler);
  if (!core) {
    return getRequestListener((request, env) => handler(request, { clientIp: env.incoming.socket.remoteAddress }));
  }
  return async (incoming, outgoing) => {
    writeReply(outgoing, await core(fromIncoming(incoming), { clientIp: incoming.socket.remoteAddress }));
  };
}

/** The request path without its query, as `fromIncoming` reads it. */
function pathOf(incoming: IncomingMessage): string {
  const target = incoming.url ?? '/';
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  return PLAIN_PATH.test(path) ? path : requestUrl(target).pathname;
}

/** A middleware mounted earlier (a body parser such as `express.json()`) already read the body. */
function bodyAlreadyRead(incoming: IncomingMessage): boolean {
  return incoming.readableEnded || (incoming as { _body?: unknown })._body === true;
}

const BODY_READ_MESSAGE =
  'The request body was already read by a middleware mounted before the Hearken proxy (a body parser such as express.json()); mount expressMiddleware before any body parser';

/**
 * Express/Connect middleware: `app.use(expressMiddleware(proxy))` with the proxy's `basePath`, or
 * `app.use('/hearken', expressMiddleware(proxy))` without one. It answers the proxy's own paths
 * and passes every other request on with `next()`. Mount it before any body parser: it reads the
 * raw body itself to enforce the size limit, and answers 500 naming the cause when a parser got
 * there first.
 */
export function expressMiddleware(
  handler: ProxyHandler,
): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void {
  const listener = toNodeListener(handler);
  const serves = routesOf(handler) ?? (() => true);
  return (req, res, next) => {
    if (!serves(pathOf(req))) {
      next();
      return;
    }
    if (req.method === 'POST' && bodyAlreadyRead(req)) {
      writeReply(res, errorReply(500, 'body_already_read', BODY_READ_MESSAGE, newRequestId()));
      return;
    }
    listener(req, res).catch(next);
  };
}

/**
 * A request Node's HTTP parser refused before the proxy saw it (headers too large, a malformed
 * request line or body framing) gets the error format of its path like every other refusal, not
 * Node's bare status line, and a log entry.
 */
function clientErrorHandler(log: (entry: ProxyLogEntry) => void) {
  return (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void => {
    // A client that hung up (mid-headers or mid-body) gets no answer and is no refusal to log.
    if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE') {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const [, method = '', target = '/'] =
      /^([A-Z]+) (\S+)/.exec(error.rawPacket?.toString('latin1', 0, 256) ?? '') ?? [];
    const path = requestUrl(target).pathname;
    let reply = tooLarge
      ? errorReply(431, 'headers_too_large', 'Request headers are too large', requestId)
      : invalidField('request', 'The request is not valid HTTP', requestId);
    if (path.startsWith('/api/v1/')) reply = asV1Error(reply);
    const body = reply.body ?? '';
    const headers = Object.entries({ ...reply.headers, 'content-length': String(Buffer.byteLength(body)) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const status = `${reply.status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}`;
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n${headers}\r\n${method === 'HEAD' ? '' : body}`);
    log({ level: 'warn', event: 'request', requestId, status: reply.status, reason: error.code ?? 'client_error' });
  };
}

export interface StartProxyOptions extends ProxyOptions {
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`; use `0.0.0.0` inside a container. */
  host?: string;
  /** Share rate-limit counts through this Redis (e.g. `redis://localhost:6379`). */
  redisUrl?: string;
}

export interface RunningProxy {
  url: string;
  /**
   * Stops taking connections and closes idle ones at once; requests in flight get their answers,
   * for up to the upstream `timeout` and a second (then their connections are cut), then it resolves.
   */
  close(): Promise<void>;
}

/** Checks the key, then listens. Rejects with `ProxyConfigError` when the proxy must not start. */
export async function startProxy(options: StartProxyOptions): Promise<RunningProxy> {
  const { port = 0, host = '127.0.0.1', redisUrl, ...proxyOptions } = options;
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: false, enableOfflineQueue: false }) : null;
  const transport = proxyOptions.fetch ? null : nodeTransport();
  try {
    // Listen first, so a port in use is reported before the key check and its `ready` line.
    let listener: NodeListener | undefined;
    let stopping: Promise<void> | undefined;
    // Requests not answered yet, so a stop can close their connections once they are.
    const answering = new Set<ServerResponse>();
    // Replies go out without waiting for Nagle's algorithm (Node's default, stated since it matters here).
    const server = createServer({ noDelay: true }, (incoming, outgoing) => {
      if (stopping) outgoing.shouldKeepAlive = false;
      else {
        answering.add(outgoing);
        outgoing.once('close', () => answering.delete(outgoing));
      }
      if (listener) return listener(incoming, outgoing);
      writeReply(outgoing, errorReply(503, 'starting', 'The proxy is starting', newRequestId()));
    });
    server.on('clientError', clientErrorHandler(proxyOptions.log ?? (() => {})));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    try {
      const handler = await createProxyWith(
        redis
          ? { ...proxyOptions, rateLimit: { ...proxyOptions.rateLimit, limiters: redisLimiters(redis) } }
          : proxyOptions,
        transport,
      );
      listener = toNodeListener(handler);
    } catch (error) {
      server.close();
      throw error;
    }
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    // A request's wait is bounded by the upstream timeout; the second more lets its 502 go out too.
    const grace = (typeof proxyOptions.timeout === 'number' ? proxyOptions.timeout : DEFAULTS.timeout) + 1_000;
    return {
      url: `http://${shownHost}:${address.port}`,
      close: () => {
        stopping ??= new Promise<void>((resolve) => {
          const cut = setTimeout(() => server.closeAllConnections(), grace);
          server.close(() => {
            clearTimeout(cut);
            resolve();
          });
          // Answers still to go out close their connections after them (`Connection: close`).
          for (const outgoing of answering) outgoing.shouldKeepAlive = false;
          server.closeIdleConnections();
        }).then(() => {
          redis?.disconnect();
          transport?.close();
        });
        return stopping;
      },
    };
  } catch (error) {
    redis?.disconnect();
    transport?.close();
    throw error;
  }
}
