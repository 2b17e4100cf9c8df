import { REQUEST_ID_HEADER } from '@hearken/core';
import { type ParserRefusal, type ParserRefusalAnswer, resolvedPath } from '@hearken/core/node';
import { InvalidInputError } from '../errors.ts';
import { newRequestId } from '../ids.ts';
import { errorBody, HttpError, toHttpError } from './errors.ts';

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
    ? new HttpError(500, 'internal_error', 'The server failed to handle this request')
    : new InvalidInputError(
        [
          hostReadable(host)
            ? { path: '(path)', message: 'is not a valid request path' }
            : { path: 'host', message: 'is not a valid Host header' },
        ],
        `The request cannot be read: ${error instanceof Error ? error.message : 'malformed'}`,
      );
  const requestId = newRequestId();
  const answer = toHttpError(failure);
  return Response.json(errorBody(resolvedPath(target), answer, requestId), {
    status: answer.status,
    headers: { [REQUEST_ID_HEADER]: requestId },
  });
}

/**
 * The answer to a request Node's HTTP parser refused before the app saw it (headers too large, a
 * malformed request line or body framing), in the error format of its path's API generation.
 */
export function parserRefusalAnswer(refusal: ParserRefusal): ParserRefusalAnswer {
  const failure = new HttpError(400, refusal.code, refusal.message, { issues: [refusal.issue] });
  const requestId = newRequestId();
  return {
    headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: requestId },
    body: JSON.stringify(errorBody(refusal.path, failure, requestId)),
  };
}
