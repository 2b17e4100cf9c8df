import {
  FILL_TIME_HEADER,
  HONEYPOT_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  PROXY_RECEIPT_HEADER,
  PROXY_TICKET_HEADER,
} from '@hearken/core';
import { REQUEST_ID } from './envelope.ts';
import type { ProxyReply } from './exchange.ts';

/**
 * Request headers a widget may send: two carry the spam signals, one a message's ticket, and
 * If-None-Match revalidates the updates read (receipts travel in Authorization).
 */
export const ALLOWED_REQUEST_HEADERS = [
  'content-type',
  'authorization',
  IDEMPOTENCY_KEY_HEADER,
  HONEYPOT_HEADER,
  FILL_TIME_HEADER,
  PROXY_TICKET_HEADER,
  'if-none-match',
]
  .join(', ')
  .toLowerCase();
/**
 * Response headers the browser may read: the client needs them for retries and error reports,
 * the thread create's ticket for the message that follows it and its receipt for reading it
 * back, and the updates read's ETag to revalidate it.
 */
const EXPOSED_HEADERS = `retry-after, ${REQUEST_ID}, ${PROXY_TICKET_HEADER.toLowerCase()}, ${PROXY_RECEIPT_HEADER.toLowerCase()}, etag`;
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** The origins the proxy answers: any, or those listed. */
export interface AllowedOrigins {
  any: boolean;
  list: ReadonlySet<string>;
}

export function isOriginAllowed(origin: string, origins: AllowedOrigins): boolean {
  return origins.any || origins.list.has(origin);
}

/** Adds CORS headers for an allowed origin; every reply varies by Origin. */
export function withCors(reply: ProxyReply, origin: string | null): ProxyReply {
  const headers = reply.headers;
  headers.vary = 'Origin';
  if (origin !== null) {
    headers['access-control-allow-origin'] = origin;
    headers['access-control-expose-headers'] = EXPOSED_HEADERS;
  }
  return reply;
}

export function preflightReply(methods: string, requestId: string): ProxyReply {
  return {
    status: 204,
    headers: {
      'access-control-allow-methods': methods,
      'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
      'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
      [REQUEST_ID]: requestId,
    },
    body: null,
  };
}
