import { REQUEST_ID_HEADER } from '@hearken/core';
import { newRequestId } from '../ids.ts';
import { ServiceError, v1ErrorBody, v2ErrorBody } from './errors.ts';

/** The path of a request target, origin-form or absolute-form, without its query. */
const pathOf = (target: string): string => target.replace(/^[a-z]+:\/\/[^/]*/i, '').split('?')[0] ?? '';

/**
 * The answer to a request the HTTP adapter could not read (a backslash in the path, a bad Host
 * header: `reason`), or that failed outside the app: 400 for the former, 500 otherwise, in the
 * error format of the path's API generation, as every other answer.
 */
export function unreadableRequest(target: string, error: unknown): Response {
  const fromApp = error instanceof Error && error.name !== 'RequestError';
  if (fromApp) console.error('[hearken-server] request failed outside the app', error);
  const failure = fromApp
    ? new ServiceError(500, 'internal_error', 'The server failed to handle this request')
    : new ServiceError(
        400,
        'invalid_request',
        `The request cannot be read: ${error instanceof Error ? error.message : 'malformed'}`,
      );
  const requestId = newRequestId();
  const v2 = pathOf(target).startsWith('/api/v2');
  const body = v2 ? v2ErrorBody(failure, requestId) : v1ErrorBody(failure);
  return Response.json(body, { status: failure.status, headers: { [REQUEST_ID_HEADER]: requestId } });
}
