import type { ProxyReply } from './exchange.ts';

/** Replies in the v2 envelope, each carrying its request id. */

export interface ErrorIssue {
  path: (string | number)[];
  message: string;
}

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
      'x-request-id': requestId,
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

export function errorReply(
  status: number,
  code: string,
  message: string,
  requestId: string,
  options: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
): ProxyReply {
  const error = { code, message, ...(options.details ? { details: options.details } : {}), request_id: requestId };
  return jsonReply(status, { error }, requestId, options.headers);
}

/** 400 `invalid_request` naming the field at fault. */
export function invalidField(field: string, message: string, requestId: string): ProxyReply {
  const issues: ErrorIssue[] = [{ path: [field], message }];
  return errorReply(400, 'invalid_request', message, requestId, { details: { issues } });
}

export function notFound(requestId: string): ProxyReply {
  return errorReply(404, 'not_found', 'Not found', requestId);
}
