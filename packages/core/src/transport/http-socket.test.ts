import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNetworkError, isTimeoutError } from '../contract/errors.ts';
import { createTransport } from './http.ts';

// Over a real socket, for what no fake fetch shows: a body that stops or breaks after its headers.

let answer: (response: ServerResponse) => void = () => undefined;
const server = createServer((_request, response) => answer(response));
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Headers and the start of a JSON body, then nothing more. */
const halfABody = (status: number) => (response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.write('{"workspace_id":');
};

describe('a body that stops after its headers', () => {
  it('fails with TimeoutError within the timeout instead of hanging', async () => {
    answer = halfABody(200);
    const started = Date.now();
    const error = await createTransport({ baseUrl, timeout: 300 })({ method: 'GET', path: '/api/v2/me' }).catch(
      (e: unknown) => e,
    );
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ method: 'GET', url: `${baseUrl}/api/v2/me`, timeout: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('still gives an error status its class when its body stalls', async () => {
    answer = halfABody(404);
    const error = await createTransport({ baseUrl, timeout: 300 })({ method: 'GET', path: '/x' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'NotFoundError', status: 404 });
  });

  it('rejects with the abort reason when the caller aborts while it arrives', async () => {
    answer = halfABody(200);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user left')), 100);
    const error = await createTransport({ baseUrl, timeout: false })(
      { method: 'GET', path: '/x' },
      { signal: controller.signal },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'user left' });
  });
});

describe('a connection that breaks halfway through the body', () => {
  it('is a NetworkError, not a success with no body', async () => {
    answer = (response) => {
      halfABody(200)(response);
      setTimeout(() => response.destroy(), 20);
    };
    const error = await createTransport({ baseUrl, retry: 0 })({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
  });
});
