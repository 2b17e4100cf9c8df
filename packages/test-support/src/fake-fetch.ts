/** A request as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  /** `Date.now()` when it arrived (fake timers make this exact). */
  at: number;
}

export type Handler = (request: RecordedRequest, index: number) => Response | Promise<Response>;

/** A fetch that records every request and answers through `handler`. */
export function createFakeFetch(handler: Handler) {
  const calls: RecordedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    request.signal.throwIfAborted();
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
      at: Date.now(),
    };
    calls.push(recorded);
    return handler(recorded, calls.length - 1);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** A JSON response. */
export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  const empty = body === undefined || status === 204 || status === 304;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    headers: { ...(empty ? {} : { 'content-type': 'application/json' }), ...headers },
  });
}

/** Answers the n-th request with the n-th factory; the last one repeats. */
export function sequence(...responses: (() => Response | Promise<Response>)[]): Handler {
  return (_request, index) => responses[Math.min(index, responses.length - 1)]!();
}

/** A v2 error envelope response. */
export function v2Error(status: number, code: string, extra: Record<string, unknown> = {}, headers = {}): Response {
  return json(status, { error: { code, message: `${code} happened`, request_id: 'req_123', ...extra } }, headers);
}
