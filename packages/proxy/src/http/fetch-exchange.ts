import { readLimitedBody } from './body.ts';
import type { BodyResult, ProxyReply, ProxyRequest } from './exchange.ts';

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
