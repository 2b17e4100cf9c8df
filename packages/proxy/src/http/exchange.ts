import { type BodyResult, readLimitedBody } from './body.ts';

/**
 * A request as the proxy reads it, whatever carried it in: a Fetch `Request`, or Node's
 * `IncomingMessage` read directly, so the Node adapters build no web objects per call.
 */
export interface ProxyRequest {
  readonly method: string;
  /** The URL's path, as a URL parser normalises it. */
  readonly path: string;
  /** A query parameter, or null. */
  param(name: string): string | null;
  /** A header's value, repeats joined with ", " as `Headers.get` does; null when absent. */
  header(name: string): string | null;
  /** The body as UTF-8 text, refused as soon as it exceeds `limit` bytes. */
  text(limit: number): Promise<BodyResult>;
}

/** A reply before it becomes a Fetch `Response` or is written to a Node socket. Header names are lower-case. */
export interface ProxyReply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A Fetch `Request` as a `ProxyRequest`. */
export function fromFetchRequest(request: Request): ProxyRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    param: (name) => url.searchParams.get(name),
    header: (name) => request.headers.get(name),
    text: (limit) => readLimitedBody(request, limit),
  };
}

export function toFetchResponse(reply: ProxyReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}
