import type { ResolvedOptions } from './options.ts';

/** Request headers a widget may send. The two `x-hearken-*` headers carry the spam signals. */
export const ALLOWED_REQUEST_HEADERS = 'content-type, authorization, idempotency-key, x-hearken-hp, x-hearken-fill-ms';
/** Response headers the browser may read: the client needs them for retries and error reports. */
const EXPOSED_HEADERS = 'retry-after, x-request-id';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export function isOriginAllowed(origin: string, origins: ResolvedOptions['origins']): boolean {
  return origins.any || origins.list.has(origin);
}

/** Adds CORS headers for an allowed origin; every response varies by Origin. */
export function withCors(response: Response, origin: string | null): Response {
  const headers = response.headers;
  headers.append('vary', 'Origin');
  if (origin !== null) {
    headers.set('access-control-allow-origin', origin);
    headers.set('access-control-expose-headers', EXPOSED_HEADERS);
  }
  return response;
}

export function preflightResponse(methods: string, requestId: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-methods': methods,
      'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
      'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
      'x-request-id': requestId,
    },
  });
}
