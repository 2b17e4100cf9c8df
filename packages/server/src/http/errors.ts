import { API_ERRORS, type ApiErrorCode } from '@hearken/core';
import { ConflictError, ForbiddenError, InvalidInputError, type Issue, NotFoundError } from '../errors.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * A failure as HTTP answers it: the v2 code (its status and v1 code are core's catalogue's) and
 * details. The v1 flat body is derived when the request came in on a v1 path.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = API_ERRORS[code].status;
  }
}

/** The one place a thrown error becomes an HTTP failure; a database out of reach is a 503, anything else unknown a 500. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof InvalidInputError) {
    return new HttpError('invalid_request', error.message, { issues: error.issues });
  }
  if (error instanceof NotFoundError) return new HttpError('not_found', error.message);
  if (error instanceof ConflictError) return new HttpError('conflict', error.message);
  if (error instanceof ForbiddenError) return new HttpError('forbidden', error.message);
  if (isDatabaseUnavailable(error)) {
    return new HttpError('service_unavailable', 'The database is unreachable for the moment; retry shortly');
  }
  return new HttpError('internal_error', 'The server failed to handle this request');
}

/** v1 flat body `{message, code, issues?}`; each issue's message names its field. */
function v1ErrorBody(error: HttpError): { message: string; code: string; issues?: { message: string }[] } {
  const code = API_ERRORS[error.code].v1;
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
