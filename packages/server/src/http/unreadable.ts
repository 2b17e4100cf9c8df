import { REQUEST_ID_HEADER } from '@hearken/core';
import { type ParserRefusal, type ParserRefusalAnswer, resolvedPath } from '@hearken/core/node';
import { newRequestId } from '../ids.ts';
import { invalidRequest, ServiceError, v1ErrorBody, v2ErrorBody } from './errors.ts';

/** Whether `host` can stand in a URL; the adapter builds each request's URL from it and the path. */
function hostReadable(host: string | undefined): boolean {
  if (host === undefined) return true;
  try {
    return new URL(`http://${host}/`).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The answer to a request the HTTP adapter could not read (a backslash in the path, a bad Host
 * header), or that failed outside the app: 400 naming the `host` header or the `path` for the
 * former, 500 otherwise, in the error format of the path's API generation, as every other answer.
 */
export function unreadableRequest(target: string, error: unknown, host?: string): Response {
  const fromApp = error instanceof Error && error.name !== 'RequestError';
  if (fromApp) console.error('[hearken-server] request failed outside the app', error);
  const failure = fromApp
    ? new ServiceError(500, 'internal_error', 'The server failed to handle this request')
    : invalidRequest(
        [
          hostReadable(host)
            ? { path: '(path)', message: 'is not a valid request path' }
            : { path: 'host', message: 'is not a valid Host header' },
        ],
        `The request cannot be read: ${error instanceof Error ? error.message : 'malformed'}`,
      );
  const requestId = newRequestId();
  const v2 = resolvedPath(target).startsWith('/api/v2');
  const body = v2 ? v2ErrorBody(failure, requestId) : v1ErrorBody(failure);
  return Response.json(body, { status: failure.status, headers: { [REQUEST_ID_HEADER]: requestId } });
}

/**
 * The answer to a request Node's HTTP parser refused before the app saw it (headers too large, a
 * malformed request line or body framing), in the error format of its path's API generation.
 */
export function parserRefusalAnswer(refusal: ParserRefusal): ParserRefusalAnswer {
  const failure = new ServiceError(400, refusal.code, refusal.message, { issues: [refusal.issue] });
  const requestId = newRequestId();
  const body = refusal.path.startsWith('/api/v2') ? v2ErrorBody(failure, requestId) : v1ErrorBody(failure);
  return {
    headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: requestId },
    body: JSON.stringify(body),
  };
}
