import { resolve } from 'node:path';
import { type CliProcess, slowRequest, spawnCli } from '@hearken/test-support/cli';
import { afterAll, describe, expect, it } from 'vitest';

/** The built CLI, as operators run it (`pnpm build` makes it; the test command builds first). */
const CLI = resolve(import.meta.dirname, '../../dist/cli.js');

const started: CliProcess[] = [];
afterAll(() => {
  for (const cli of started) cli.kill();
});

/** `hearken-server` on a free port with the demo seed; its URL and a full-access key once it listens. */
async function server(graceSeconds: number) {
  const cli = spawnCli(
    CLI,
    ['--port', '0', '--data', 'memory', '--seed', 'demo', '--shutdown-grace', String(graceSeconds)],
    {
      HEARKEN_LOG_FORMAT: 'json',
    },
  );
  started.push(cli);
  const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)/, 120_000);
  const [, key] = await cli.waitFor(/v2 key \(full access\)\s+(\S+)/);
  return { cli, url: url!, key: key! };
}

const thread = (key: string, url: string, text: string) =>
  slowRequest(`${url}/api/v2/threads`, { authorization: `Bearer ${key}` }, JSON.stringify({ text }));

describe('hearken-server on SIGTERM and SIGINT', () => {
  // Three processes side by side: starting one (an embedded database each) is most of the time.
  const graceful = server(10);
  const cutAtGrace = server(1);
  const twice = server(30);

  it('stops accepting, lets the request in flight finish, and exits 0 within the grace', async () => {
    const { cli, url, key } = await graceful;
    const inFlight = thread(key, url, 'sent before the stop, finished after it');
    await new Promise((done) => setTimeout(done, 300));
    const signalled = performance.now();
    cli.child.kill('SIGTERM');
    await cli.waitFor(/"msg":"stopping/);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer).not.toBeInstanceOf(Error);
    expect(answer).toMatchObject({ status: 201, headers: { connection: 'close' } });
    const exit = await cli.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
  }, 150_000);

  it('cuts a request still in flight when the grace is over, and exits', async () => {
    const { cli, url, key } = await cutAtGrace;
    const stuck = thread(key, url, 'never finished');
    await new Promise((done) => setTimeout(done, 300));
    const signalled = performance.now();
    cli.child.kill('SIGTERM');
    expect(await stuck.answer).toBeInstanceOf(Error);
    const exit = await cli.exited;
    expect(exit.code).toBe(0);
    // One second of grace, and a little for closing the database.
    expect(exit.at - signalled).toBeGreaterThanOrEqual(900);
    expect(exit.at - signalled).toBeLessThan(5_000);
  }, 150_000);

  it('exits at once on a second signal, whatever is in flight', async () => {
    const { cli, url, key } = await twice;
    const stuck = thread(key, url, 'never finished');
    await new Promise((done) => setTimeout(done, 300));
    cli.child.kill('SIGTERM');
    await cli.waitFor(/"msg":"stopping/);
    const second = performance.now();
    cli.child.kill('SIGINT');
    const exit = await cli.exited;
    expect(exit.code).toBe(130);
    expect(exit.at - second).toBeLessThan(2_000);
    expect(await stuck.answer).toBeInstanceOf(Error);
  }, 150_000);
});
