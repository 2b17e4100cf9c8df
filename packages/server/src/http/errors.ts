/**
 * One error type for every failure a handler reports. It carries the v2 code; the v1 flat body
 * is derived from the status when the request came in on a v1 path.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** One failed rule of a request: where, and what is wrong. */
export interface Issue {
  path: string;
  message: string;
}

export const invalidRequest = (issues: Issue[], message?: string): ServiceError =>
  new ServiceError(
    400,
    'invalid_request',
    message ?? issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
    { issues },
  );

export const notFound = (what: string): ServiceError => new ServiceError(404, 'not_found', `${what} not found`);

const V1_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/** v1 flat body `{message, code, issues?}`; each issue's message names its field. */
export function v1ErrorBody(error: ServiceError): { message: string; code: string; issues?: { message: string }[] } {
  const code = V1_CODES[error.status] ?? 'INTERNAL_SERVER_ERROR';
  const issues = error.details?.issues as Issue[] | undefined;
  return issues
    ? { message: error.message, code, issues: issues.map((issue) => ({ message: `${issue.path}: ${issue.message}` })) }
    : { message: error.message, code };
}

/** v2 envelope `{error: {code, message, details?, request_id}}`. */
export function v2ErrorBody(error: ServiceError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      request_id: requestId,
    },
  };
}
