import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_ERRORS, type ApiErrorCode } from '@hearken/core';

/** A request Node's HTTP parser refused before any handler saw it. */
export interface ParserRefusal {
  /** Its status is the catalogue's for the code. */
  status: number;
  /** `headers_too_large` when the headers were too large, else `invalid_request`. */
  code: Extract<ApiErrorCode, 'headers_too_large' | 'invalid_request'>;
  message: string;
  /** What is wrong, named as a validation issue names it. */
  issue: { path: string; message: string };
  /** The request's path as a URL parser resolves it ('' when there is none), to answer in its API generation's format. */
  path: string;
  /** Node's code for the error (`HPE_HEADER_OVERFLOW`, ...), for a log. */
  reason: string;
  /** The peer's address as the socket reports it, for a per-address limit; undefined once it is gone. */
  remoteAddress: string | undefined;
}

/** The answer to a refusal: headers (the status line, `connection` and `content-length` are added) and body. */
export interface ParserRefusalAnswer {
  headers: Record<string, string>;
  body: string;
}

/** Node's `clientError` event arguments. */
export type ClientErrorListener = (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => void;

/** The path a request target reaches once resolved as a URL (`/api/v2/../v1` is v1); '' when it is none. */
export function resolvedPath(target: string): string {
  try {
    return new URL(target, 'http://server.invalid').pathname;
  } catch {
    return '';
  }
}

/** What a refusal says, by kind: headers too large, or anything else the parser could not read. */
type Kind = Pick<ParserRefusal, 'status' | 'code' | 'message' | 'issue'>;
const kind = (code: Kind['code'], message: string, where: string, what: string): Kind => ({
  status: API_ERRORS[code].status,
  code,
  message,
  issue: { path: where, message: what },
});
const TOO_LARGE = kind('headers_too_large', 'Request headers are too large', '(headers)', 'are too large');
const NOT_HTTP = kind('invalid_request', 'The request is not valid HTTP', '(request)', 'is not valid HTTP');

/** Headers the listener writes itself, whatever the answer holds. */
const OWN_HEADERS = new Set(['connection', 'content-length', 'transfer-encoding']);

/**
 * A listener for a Node HTTP server's `clientError` event: a request its parser refused (headers
 * too large, a malformed request line or body framing) gets the answer `answer` gives (at once or
 * later, say once a rate-limit store has counted it), in the error format of its path like every
 * other refusal, not Node's bare status line. A client that hung up (mid-headers or mid-body)
 * gets none; an answer that fails closes the connection without one.
 */
export function clientErrorListener(
  answer: (refusal: ParserRefusal) => ParserRefusalAnswer | Promise<ParserRefusalAnswer>,
): ClientErrorListener {
  return (error, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE') {
      socket.destroy();
      return;
    }
    const [, method = '', target = '/'] =
      /^([A-Z]+) (\S+)/.exec(error.rawPacket?.toString('latin1', 0, 256) ?? '') ?? [];
    const kind = error.code === 'HPE_HEADER_OVERFLOW' ? TOO_LARGE : NOT_HTTP;
    const remoteAddress = (socket as Duplex & { remoteAddress?: string }).remoteAddress;
    const write = ({ headers, body }: ParserRefusalAnswer) => {
      if (!socket.writable) return;
      const head = Object.entries(headers)
        .filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()))
        .concat([['content-length', String(Buffer.byteLength(body))]])
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.end(
        `HTTP/1.1 ${kind.status} ${STATUS_CODES[kind.status]}\r\nconnection: close\r\n${head}\r\n${method === 'HEAD' ? '' : body}`,
      );
    };
    try {
      const given = answer({
        ...kind,
        path: resolvedPath(target),
        reason: error.code ?? 'client_error',
        remoteAddress,
      });
      if (given instanceof Promise) given.then(write, () => socket.destroy());
      else write(given);
    } catch {
      socket.destroy();
    }
  };
}
