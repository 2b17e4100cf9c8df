import { ConflictError, ForbiddenError, InvalidInputError, type Issue, NotFoundError } from '../errors.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * A failure as HTTP answers it: the status, the v2 code and details. The v1 flat body is derived
 * from the status when the request came in on a v1 path.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 431 | 500 | 503,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The one place a thrown error becomes an HTTP failure; a database out of reach is a 503, anything else unknown a 500. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof InvalidInputError) {
    return new HttpError(400, 'invalid_request', error.message, { issues: error.issues });
  }
  if (error instanceof NotFoundError) return new HttpError(404, 'not_found', error.message);
  if (error instanceof ConflictError) return new HttpError(409, 'conflict', error.message);
  if (error instanceof ForbiddenError) return new HttpError(403, 'forbidden', error.message);
  if (isDatabaseUnavailable(error)) {
    return new HttpError(503, 'service_unavailable', 'The database is unreachable for the moment; retry shortly');
  }
  return new HttpError(500, 'internal_error', 'The server failed to handle this request');
}

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
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** v1 flat body `{message, code, issues?}`; each issue's message names its field. */
function v1ErrorBody(error: HttpError): { message: string; code: string; issues?: { message: string }[] } {
  const code = V1_CODES[error.status] ?? 'INTERNAL_SERVER_ERROR';
  const issues = error.details?.issues as Issue[] | undefined;
  return issues
    ? { message: error.message, code, issues: issues.map((issue) => ({ message: `${issue.path}: ${issue.message}` })) }
    : { message: error.message, code };
}

/** v2 envelope `{error: {code, message, details?, request_id}}`. */
function v2ErrorBody(error: HttpError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      request_id: requestId,
    },
  };
}

/** The error body of the generation `path` belongs to: the v2 envelope under /api/v2, else the v1 flat body. */
export const errorBody = (path: string, error: HttpError, requestId: string): object =>
  path.startsWith('/api/v2') ? v2ErrorBody(error, requestId) : v1ErrorBody(error);
