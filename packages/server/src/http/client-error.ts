import type { Duplex } from 'node:stream';
import { newRequestId } from '../ids.ts';
import { errorBody, HttpError } from './errors.ts';

/** The path a target reaches once resolved as a URL (`/api/v2/../v1` is v1). */
export function resolvedPath(target: string): string {
  try {
    return new URL(target, 'http://server.invalid').pathname;
  } catch {
    return '';
  }
}

/**
 * Answers a request Node's HTTP parser refused before the app saw it (headers too large, a
 * malformed request line or body framing) in the error format of its path's API generation,
 * instead of Node's bare status line with no body.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  // A client that hung up gets no answer.
  if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE') {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const failure = tooLarge
    ? new HttpError(400, 'headers_too_large', 'Request headers are too large', {
        issues: [{ path: '(headers)', message: 'are too large' }],
      })
    : new HttpError(400, 'invalid_request', 'The request is not valid HTTP', {
        issues: [{ path: '(request)', message: 'is not valid HTTP' }],
      });
  const [, method = '', target = '/'] = /^([A-Z]+) (\S+)/.exec(error.rawPacket?.toString('latin1', 0, 256) ?? '') ?? [];
  const path = resolvedPath(target);
  const requestId = newRequestId();
  const body = JSON.stringify(errorBody(path, failure, requestId));
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(
    `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: application/json\r\n` +
      `x-request-id: ${requestId}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${method === 'HEAD' ? '' : body}`,
  );
}
