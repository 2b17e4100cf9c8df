import { Writable } from 'node:stream';
import { createLogger } from '@hearken/service';
import { json } from '@hearken/test-support';
import { redisUrl } from '@hearken/test-support/services';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningProxy, startProxy } from '../node/start-proxy.ts';
import { fakeUpstream, KEY } from '../test/fake-upstream.ts';
import { logTo } from './logger.ts';

const ORIGIN = 'https://app.example';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function proxy(options: Partial<Parameters<typeof startProxy>[0]> = {}, upstream = fakeUpstream()) {
  const running: RunningProxy = await startProxy({
    upstream: 'http://service.test',
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    fetch: upstream.fetch,
    minFillMs: 0,
    ...options,
  });
  cleanups.push(() => running.close({ graceMs: 0 }));
  return running;
}

const submit = (url: string, text: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/v2/threads`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ text }),
  });

describe('health and readiness', () => {
  it('is ready while the service answers and knows the key, and asks it again at most every few seconds', async () => {
    let known = true;
    const upstream = fakeUpstream();
    const fetchThrough: typeof fetch = (input, init) =>
      known
        ? upstream.fetch(input as RequestInfo, init)
        : Promise.resolve(json(401, { error: { code: 'unauthenticated', message: 'revoked', request_id: 'r' } }));
    const running = await proxy({ fetch: fetchThrough });
    expect(await (await fetch(`${running.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${running.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { upstream: 'ok' } });
    known = false;
    // The answer is remembered for a few seconds, so probes do not spend the key's reads.
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
  });

  it('is unready when the service is unreachable', async () => {
    let reachable = true;
    const upstream = fakeUpstream();
    const running = await proxy({
      fetch: (input, init) =>
        reachable ? upstream.fetch(input as RequestInfo, init) : Promise.reject(new TypeError('fetch failed')),
      timeout: 500,
    });
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
    reachable = false;
    // Past the few seconds the last answer is remembered (read from the clock, so no real wait).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_100 });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const ready = await fetch(`${running.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unready', checks: { upstream: 'upstream_unreachable' } });
  }, 15_000);

  it('checks Redis when it shares the counts', async () => {
    const running = await proxy({ redisUrl: redisUrl() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await (await fetch(`${running.url}/readyz`)).json()).toEqual({
      status: 'ready',
      checks: { upstream: 'ok', redis: 'ok' },
    });
    // A Redis nobody listens on (port 9, discard).
    const orphan = await proxy({ redisUrl: 'redis://127.0.0.1:9' });
    const unready = await fetch(`${orphan.url}/readyz`);
    expect(unready.status).toBe(503);
    expect(await unready.json()).toEqual({ status: 'unready', checks: { upstream: 'ok', redis: 'unreachable' } });
  });
});

describe('metrics', () => {
  it('counts requests by route template, refusals by reason, forwarded writes and the key budget left', async () => {
    const upstream = fakeUpstream({
      threads: () =>
        json(
          201,
          { id: crypto.randomUUID() },
          { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '41', 'x-ratelimit-reset': '9999999999' },
        ),
    });
    const running = await proxy({ metrics: true, rateLimit: { perIp: { points: 2, duration: 60 } } }, upstream);
    for (let i = 0; i < 3; i++) await submit(running.url, `note ${i}`);
    await fetch(`${running.url}/api/v2/threads`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    await fetch(`${running.url}/nothing/here/7c1d`);
    // Never on the browser-facing port without a token: on a loopback port of their own.
    expect(running.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const text = await (await fetch(running.metricsUrl!)).text();
    expect(text).toContain('hearken_proxy_requests_total{route="/api/v2/threads",method="POST",status="201"} 2');
    expect(text).toContain('hearken_proxy_requests_total{route="/api/v2/threads",method="POST",status="429"} 1');
    expect(text).toContain('hearken_proxy_requests_total{route="unmatched",method="GET",status="404"} 1');
    expect(text).toContain('hearken_proxy_refused_total{reason="origin"} 1');
    expect(text).toContain('hearken_proxy_rate_limit_refusals_total{route="/api/v2/threads"} 1');
    expect(text).toContain('hearken_proxy_forwarded_total{method="POST",status="201"} 2');
    expect(text).toMatch(/^hearken_proxy_key_budget_remaining 41$/m);
    expect(text).toMatch(/^hearken_proxy_key_budget_limit 60$/m);
    expect(text).toContain('hearken_proxy_request_duration_seconds_count{route="/api/v2/threads",method="POST"} 4');
    expect(text).not.toContain('7c1d');
    expect((await fetch(`${running.url}/metrics`)).status).toBe(404);
  });

  it('counts holds for review by reason, one submission under each of its reasons', async () => {
    const running = await proxy({ metrics: true, minFillMs: 1500 });
    await submit(running.url, 'pasted fast', { 'x-hearken-fill-ms': '700' });
    await submit(running.url, 'pasted fast', { 'x-hearken-fill-ms': '700', 'x-hearken-hp': 'bot' });
    await submit(running.url, 'written slowly', { 'x-hearken-fill-ms': '9000' });
    const text = await (await fetch(running.metricsUrl!)).text();
    expect(text).toContain('hearken_proxy_held_total{reason="fill_time"} 2');
    expect(text).toContain('hearken_proxy_held_total{reason="duplicate"} 1');
    expect(text).toContain('hearken_proxy_held_total{reason="honeypot"} 1');
    expect(text).not.toContain('hearken_proxy_held_total{reason="links"}');
    // Held is forwarded, not refused.
    expect(text).not.toMatch(/^hearken_proxy_refused_total\{/m);
    expect(text).toContain('hearken_proxy_forwarded_total{method="POST",status="201"} 3');
  });

  it('serves them on a port of their own with a bearer token, one registry per proxy', async () => {
    const first = await proxy({ metrics: { port: 0, token: 'scrape-secret' } });
    const second = await proxy({ metrics: true });
    await submit(first.url, 'counted on the first only');
    expect(first.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(`${first.url}/metrics`)).status).toBe(404);
    expect((await fetch(first.metricsUrl!)).status).toBe(401);
    const scraped = await fetch(first.metricsUrl!, { headers: { authorization: 'Bearer scrape-secret' } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('route="/api/v2/threads",method="POST",status="201"');
    expect(await (await fetch(second.metricsUrl!)).text()).not.toContain('route="/api/v2/threads"');
  });

  it('serves them beside the proxy only when scrapers must show a token', async () => {
    const beside = await proxy({ metrics: { token: 'scrape-secret' } });
    expect(beside.metricsUrl).toBeNull();
    expect((await fetch(`${beside.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${beside.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const scraped = await fetch(`${beside.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
    expect(scraped.status).toBe(200);
    for (const options of [{}, { port: undefined }] as const) {
      const hidden = await proxy({ metrics: options });
      expect((await fetch(`${hidden.url}/metrics`)).status).toBe(404);
      expect((await fetch(hidden.metricsUrl!)).status).toBe(200);
    }
  });
});

describe('request logs', () => {
  it('writes one JSON line per request with its id, route, status and duration, never the key, a token or the body', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const running = await proxy({ log: logTo(createLogger('hearken-proxy', { format: 'json', destination })) });
    const marker = 'my-private-feedback-5b1e';
    const answer = await submit(running.url, marker, { cookie: 'sid=cookie-77a' });
    expect(answer.status).toBe(201);
    const refused = await submit(running.url, marker, { authorization: 'Bearer visitor-token-31f' });
    expect(refused.status).toBe(401);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 'info',
      route: '/api/v2/threads',
      method: 'POST',
      status: 201,
      requestId: answer.headers.get('x-request-id'),
    });
    expect(typeof requests[0]?.durationMs).toBe('number');
    expect(requests[1]).toMatchObject({ level: 'warn', status: 401, reason: 'identity' });
    const all = lines.join('\n');
    for (const secret of [marker, KEY, 'visitor-token-31f', 'cookie-77a']) expect(all).not.toContain(secret);
  });
});
