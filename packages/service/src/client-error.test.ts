import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientErrorListener, type ParserRefusal, resolvedPath } from './client-error.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A server whose parser refusals are answered with the refusal's code as the body, at once or `later`. */
async function serve(later = false) {
  const refusals: ParserRefusal[] = [];
  const server = createServer((_req, res) => res.end('handled'));
  server.on(
    'clientError',
    clientErrorListener((refusal) => {
      refusals.push(refusal);
      const answer = { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: refusal.code }) };
      if (!later) return answer;
      // A fetch Response's headers, as a server that answers through its app hands them on.
      const headers = { ...answer.headers, 'content-length': '999', connection: 'keep-alive' };
      return new Promise((resolve) => setTimeout(() => resolve({ ...answer, headers }), 20));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, refusals };
}

/** Everything the server writes back to `raw` before it closes the connection. */
function exchange(port: number, raw: string, hangUp = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(raw);
      if (hangUp) socket.destroy();
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('clientErrorListener', () => {
  it('answers headers too large with 431, the answer given, its length, and a closed connection', async () => {
    const { port, refusals } = await serve();
    const answer = await exchange(port, `GET /api/v1/../v2/me HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const body = '{"code":"headers_too_large"}';
    expect(answer).toBe(
      `HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
    expect(refusals).toEqual([
      {
        status: 431,
        code: 'headers_too_large',
        message: 'Request headers are too large',
        issue: { path: '(headers)', message: 'are too large' },
        path: '/api/v2/me',
        reason: 'HPE_HEADER_OVERFLOW',
        remoteAddress: '127.0.0.1',
      },
    ]);
  });

  it('answers broken framing with 400, and a HEAD request without the body', async () => {
    const { port, refusals } = await serve();
    const answer = await exchange(port, 'HEAD /api/v1/projects HTTP/1.1\r\nContent-Length: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(new RegExp(`content-length: ${'{"code":"invalid_request"}'.length}\r\n\r\n$`));
    expect(refusals[0]).toMatchObject({ status: 400, code: 'invalid_request', path: '/api/v1/projects' });
  });

  it('writes an answer given later, its own length and connection headers replacing any it holds', async () => {
    const { port } = await serve(true);
    const answer = await exchange(port, `GET /api/v2/me HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: 28\r\n\r\n{"code":"headers_too_large"}',
    );
  });

  it('answers nothing to a client that hung up', async () => {
    const { port, refusals } = await serve();
    await exchange(port, 'POST /api/v2/threads HTTP/1.1\r\nContent-Length: 10\r\n\r\n{"te', true);
    expect(refusals).toEqual([]);
  });
});

describe('resolvedPath', () => {
  it('resolves dot segments and reads no path from what is not a URL', () => {
    expect(resolvedPath('/api/v2/../v1/issues?x=1')).toBe('/api/v1/issues');
    expect(resolvedPath('http://[bad')).toBe('');
  });
});
