/** Responses in the v2 envelope, each carrying its request id. */

export interface ErrorIssue {
  path: (string | number)[];
  message: string;
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

export function jsonResponse(status: number, body: unknown, requestId: string, headers: HeadersInit = {}): Response {
  const result = new Response(JSON.stringify(body), { status, headers });
  result.headers.set('content-type', 'application/json; charset=utf-8');
  result.headers.set('x-request-id', requestId);
  result.headers.set('cache-control', 'no-store');
  return result;
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  requestId: string,
  options: { details?: Record<string, unknown>; headers?: HeadersInit } = {},
): Response {
  const error = { code, message, ...(options.details ? { details: options.details } : {}), request_id: requestId };
  return jsonResponse(status, { error }, requestId, options.headers);
}

/** 400 `invalid_request` naming the field at fault. */
export function invalidField(field: string, message: string, requestId: string): Response {
  const issues: ErrorIssue[] = [{ path: [field], message }];
  return errorResponse(400, 'invalid_request', message, requestId, { details: { issues } });
}

export function notFound(requestId: string): Response {
  return errorResponse(404, 'not_found', 'Not found', requestId);
}
