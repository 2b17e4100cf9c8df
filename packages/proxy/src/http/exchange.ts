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

/** What became of a request: its reply, and for the log why it was refused or turned aside. */
export interface Outcome {
  reply: ProxyReply;
  reason?: string;
  /** Logged at info whatever the reason: the client went away, nothing failed. */
  quiet?: boolean;
  /** A thread forwarded held for review, and why (counted by `/metrics`). */
  held?: readonly string[];
}

/** A Fetch `Request` as a `ProxyRequest`; its URL is parsed once. */
class FetchRequest implements ProxyRequest {
  readonly method: string;
  readonly path: string;
  readonly #request: Request;
  readonly #url: URL;

  constructor(request: Request) {
    this.#request = request;
    this.#url = new URL(request.url);
    this.method = request.method;
    this.path = this.#url.pathname;
  }

  param(name: string): string | null {
    return this.#url.searchParams.get(name);
  }

  header(name: string): string | null {
    return this.#request.headers.get(name);
  }

  text(limit: number): Promise<BodyResult> {
    return readLimitedBody(this.#request, limit);
  }
}

export function fromFetchRequest(request: Request): ProxyRequest {
  return new FetchRequest(request);
}

export function toFetchResponse(reply: ProxyReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}
