import { REQUEST_ID_HEADER } from '@hearken/core';
import { newRequestId } from '../ids.ts';
import { resolvedPath } from './client-error.ts';
import { ServiceError, v1ErrorBody, v2ErrorBody } from './errors.ts';

/**
 * What made a request unreadable: the Host header (named by the adapter, or the only other part
 * of the URL when the target is a plain path), else the request target.
 */
function unreadablePart(target: string, error: unknown): 'host' | 'path' {
  const message = error instanceof Error ? error.message : '';
  if (/backslash/i.test(message)) return 'path';
  if (/host/i.test(message)) return 'host';
  return /^\/[^\\]*$/.test(target) ? 'host' : 'path';
}

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
        { issues: [{ path: unreadablePart(target, error), message: 'cannot be read' }] },
      );
  const requestId = newRequestId();
  const v2 = resolvedPath(target).startsWith('/api/v2');
  const body = v2 ? v2ErrorBody(failure, requestId) : v1ErrorBody(failure);
  return Response.json(body, { status: failure.status, headers: { [REQUEST_ID_HEADER]: requestId } });
}
