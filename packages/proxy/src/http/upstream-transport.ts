/** One request to the service. Header names are lower-case; the transport may add its own. */
export interface UpstreamRequest {
  method: 'GET' | 'POST';
  /** The service's base URL (`ResolvedOptions.upstream`), the same on every call. */
  base: string;
  /** Path and query under `base`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The service's reply with its body read (`header` looks a name up whatever its case), or why there is none. */
export type Fetched =
  | { ok: true; status: number; header(name: string): string | null; text: string }
  | { ok: false; timedOut: boolean };

/**
 * Sends one request to the service with a deadline that covers reading the body too. Never
 * rejects: a failure is a `Fetched` with `ok: false`. Redirects are not followed.
 */
export type UpstreamTransport = ((request: UpstreamRequest, timeoutMs: number) => Promise<Fetched>) & {
  /** A Fetch-standard `fetch` over the same connections, for the start-up check; else the global one. */
  fetch?: typeof globalThis.fetch;
  /** Lets go of pooled connections. */
  close?(): void;
};

/**
 * The runtime-neutral transport, over a Fetch-standard `fetch`. A controller and a cleared
 * timer, not AbortSignal.timeout(): on Node that signal costs about ten times more to make and
 * is left for the garbage collector to track on every call.
 */
export function fetchTransport(fetch: typeof globalThis.fetch): UpstreamTransport {
  return async ({ method, base, path, headers, body }, timeoutMs) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: controller.signal,
        redirect: 'manual',
      });
      const text = await response.text();
      return { ok: true, status: response.status, header: (name) => response.headers.get(name), text };
    } catch {
      return { ok: false, timedOut };
    } finally {
      clearTimeout(timer);
    }
  };
}
