import type { Duplex } from 'node:stream';
import type { ProxyLogEntry } from '../config/options.ts';
import { asV1Error, errorReply, invalidField, newRequestId } from '../http/envelope.ts';

function requestUrl(target: string): URL {
  try {
    return new URL(target.startsWith('/') ? `http://localhost${target}` : target);
  } catch {
    return new URL('http://localhost/');
  }
}

/**
 * A request Node's HTTP parser refused before the proxy saw it (headers too large, a malformed
 * request line or body framing) gets the error format of its path like every other refusal, not
 * Node's bare status line, and a log entry.
 */
export function clientErrorHandler(log: (entry: ProxyLogEntry) => void) {
  return (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void => {
    // A client that hung up (mid-headers or mid-body) gets no answer and is no refusal to log.
    if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'HPE_INVALID_EOF_STATE') {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const [, method = '', target = '/'] =
      /^([A-Z]+) (\S+)/.exec(error.rawPacket?.toString('latin1', 0, 256) ?? '') ?? [];
    const path = requestUrl(target).pathname;
    let reply = tooLarge
      ? errorReply(431, 'headers_too_large', 'Request headers are too large', requestId)
      : invalidField('request', 'The request is not valid HTTP', requestId);
    if (path.startsWith('/api/v1/')) reply = asV1Error(reply);
    const body = reply.body ?? '';
    const headers = Object.entries({ ...reply.headers, 'content-length': String(Buffer.byteLength(body)) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const status = `${reply.status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}`;
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n${headers}\r\n${method === 'HEAD' ? '' : body}`);
    log({ level: 'warn', event: 'request', requestId, status: reply.status, reason: error.code ?? 'client_error' });
  };
}
