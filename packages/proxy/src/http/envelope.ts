import { API_ERRORS, type ApiErrorCode, apiErrorEntry, REQUEST_ID_HEADER } from '@hearken/core';
import type { ProxyReply } from './exchange.ts';

/** Replies in the v2 envelope, each carrying its request id. */

/** One problem with the request; `path` is dotted (`text`, `set.assignee_id`), as the service writes it. */
export interface ErrorIssue {
  path: string;
  message: string;
}

/** The request id's header, as replies name their headers: in lower case. */
export const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase();

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** A JSON reply whose body is already serialised. */
export function jsonTextReply(
  status: number,
  text: string,
  requestId: string,
  headers: Record<string, string> = {},
): ProxyReply {
  return {
    status,
    headers: {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      [REQUEST_ID]: requestId,
      'cache-control': 'no-store',
    },
    body: text,
  };
}

export function jsonReply(
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): ProxyReply {
  return jsonTextReply(status, JSON.stringify(body), requestId, headers);
}

/** The v2 envelope of `code`, at the status core's error catalogue gives it. */
export function errorReply(
  code: ApiErrorCode,
  message: string,
  requestId: string,
  options: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
): ProxyReply {
  const error = { code, message, ...(options.details ? { details: options.details } : {}), request_id: requestId };
  return jsonReply(API_ERRORS[code].status, { error }, requestId, options.headers);
}

/** 400 `invalid_request` naming the field at fault. */
export function invalidField(field: string, message: string, requestId: string): ProxyReply {
  // An empty key has no dotted name; the service then names the body, as here.
  const issues: ErrorIssue[] = [{ path: field || '(body)', message }];
  return errorReply('invalid_request', message, requestId, { details: { issues } });
}

export function notFound(requestId: string): ProxyReply {
  return errorReply('not_found', 'Not found', requestId);
}

/**
 * The proxy's own refusal on a v1 path (the portal reads) in the v1 flat body `{message, code}`,
 * as v1 clients read it. Replies that are not a v2 envelope (the service's own) are left as they are.
 */
export function asV1Error(reply: ProxyReply): ProxyReply {
  if (reply.status < 400 || reply.body === null) return reply;
  let error: { message?: unknown; code?: unknown } | undefined;
  try {
    error = (JSON.parse(reply.body) as { error?: { message?: unknown; code?: unknown } } | null)?.error;
  } catch {
    return reply;
  }
  const entry = typeof error?.code === 'string' ? apiErrorEntry(error.code) : undefined;
  if (typeof error?.message !== 'string' || !entry) return reply;
  return { ...reply, body: JSON.stringify({ message: error.message, code: entry.v1 }) };
}
