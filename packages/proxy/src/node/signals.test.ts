import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { type CliProcess, slowRequest, spawnCli } from '@hearken/test-support/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY } from '../test/fake-upstream.ts';

/** The built CLI, as operators run it (`pnpm build` makes it; the test command builds first). */
const CLI = resolve(import.meta.dirname, '../../dist/cli.js');
const ORIGIN = 'https://app.example';

// The service: it knows the key, and creates every thread it is sent.
const service = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    if (request.url === '/api/v2/me') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ workspace_id: 'w1', api_key_id: 'k1', scopes: ['threads:write'] }));
      return;
    }
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 't1', ...JSON.parse(body || '{}') }));
  });
});
let serviceUrl = '';
const started: CliProcess[] = [];

beforeAll(async () => {
  await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const cli of started) cli.kill();
  service.closeAllConnections();
  await new Promise((done) => service.close(done));
});

async function proxy(graceSeconds: number) {
  const cli = spawnCli(CLI, [], {
    HEARKEN_UPSTREAM: serviceUrl,
    HEARKEN_API_KEY: KEY,
    HEARKEN_ALLOWED_ORIGINS: ORIGIN,
    PORT: '0',
    HEARKEN_LOG_FORMAT: 'json',
    HEARKEN_SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
  });
  started.push(cli);
  const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)/);
  return { cli, url: url! };
}

const feedback = (url: string) =>
  slowRequest(`${url}/api/v2/threads`, { origin: ORIGIN }, JSON.stringify({ text: 'sent across a stop' }));

describe('hearken-proxy on SIGTERM and SIGINT', () => {
  it('stops accepting, lets the request in flight finish, and exits 0 within the grace', async () => {
    const { cli, url } = await proxy(10);
    const inFlight = feedback(url);
    await new Promise((done) => setTimeout(done, 200));
    const signalled = performance.now();
    cli.child.kill('SIGTERM');
    await cli.waitFor(/"msg":"stopping/);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    inFlight.finish();
    expect(await inFlight.answer).toMatchObject({ status: 201, headers: { connection: 'close' } });
    const exit = await cli.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
    expect(cli.output()).toContain('"msg":"stopped"');
  }, 60_000);

  it('cuts what is still in flight when the grace is over, and exits at once on a second signal', async () => {
    const [cut, twice] = await Promise.all([proxy(1), proxy(30)]);
    const stuck = [feedback(cut.url), feedback(twice.url)];
    await new Promise((done) => setTimeout(done, 200));
    const signalled = performance.now();
    cut.cli.child.kill('SIGTERM');
    twice.cli.child.kill('SIGTERM');
    await twice.cli.waitFor(/"msg":"stopping/);
    const second = performance.now();
    twice.cli.child.kill('SIGTERM');
    const forced = await twice.cli.exited;
    expect(forced.code).toBe(143);
    expect(forced.at - second).toBeLessThan(2_000);
    const graceOver = await cut.cli.exited;
    expect(graceOver.code).toBe(0);
    expect(graceOver.at - signalled).toBeGreaterThanOrEqual(900);
    expect(graceOver.at - signalled).toBeLessThan(5_000);
    for (const request of stuck) expect(await request.answer).toBeInstanceOf(Error);
  }, 60_000);
});
