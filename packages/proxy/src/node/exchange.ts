import type { IncomingMessage, ServerResponse } from 'node:http';
import { declaredTooLarge, decodeChunks } from '../http/body.ts';
import type { BodyResult, ProxyReply, ProxyRequest } from '../http/exchange.ts';

/** Reads Node's request body, stopping as soon as it exceeds `limit` bytes (the rest is let go unread). */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<BodyResult> {
  if (declaredTooLarge(incoming.headersDistinct['content-length']?.[0], limit)) {
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

/** The target's path when it is plain, so a widget's request is routed without parsing a URL. */
function plainPath(target: string): string | null {
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  return PLAIN_PATH.test(path) ? path : null;
}

/** The request path without its query, as a URL parser reads it. */
export function pathOf(incoming: IncomingMessage): string {
  const target = incoming.url ?? '/';
  return plainPath(target) ?? requestUrl(target).pathname;
}

/** Node's request as a `ProxyRequest`; its URL is parsed only when a path is not plain or a query is read. */
class NodeRequest implements ProxyRequest {
  readonly method: string;
  readonly path: string;
  readonly #incoming: IncomingMessage;
  #url: URL | undefined;

  constructor(incoming: IncomingMessage) {
    this.#incoming = incoming;
    this.method = incoming.method ?? 'GET';
    const target = incoming.url ?? '/';
    this.path = plainPath(target) ?? this.#parsed().pathname;
  }

  #parsed(): URL {
    this.#url ??= requestUrl(this.#incoming.url ?? '/');
    return this.#url;
  }

  param(name: string): string | null {
    return this.#parsed().searchParams.get(name);
  }

  header(name: string): string | null {
    // Node keeps header names in lower case; callers may name them as the HTTP spec writes them.
    return this.#incoming.headersDistinct[name.toLowerCase()]?.join(', ') ?? null;
  }

  text(limit: number): Promise<BodyResult> {
    return readIncoming(this.#incoming, limit);
  }
}

export function fromIncoming(incoming: IncomingMessage): ProxyRequest {
  return new NodeRequest(incoming);
}

export function writeReply(outgoing: ServerResponse, reply: ProxyReply): void {
  // A client that hung up gets no answer.
  if (outgoing.destroyed) return;
  if (reply.body !== null) reply.headers['content-length'] = String(Buffer.byteLength(reply.body));
  outgoing.writeHead(reply.status, reply.headers);
  outgoing.end(reply.body ?? undefined);
}
