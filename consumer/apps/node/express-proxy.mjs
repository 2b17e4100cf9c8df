// The proxy as Express 5 middleware: it answers under its path, the app's other routes still
// answer, and a body parser mounted first gets a clear error instead of a hang.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createProxy, expressMiddleware } from '@hearken/proxy';
import express from 'express';

const { HEARKEN_URL: upstream, HEARKEN_PROXY_KEY: apiKey, HEARKEN_V2_KEY: fullKey } = process.env;
const ORIGIN = 'https://www.example.com';
const proxy = await createProxy({ upstream, apiKey, allowedOrigins: [ORIGIN], basePath: '/hearken' });

async function serve(app) {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}

const post = (url, body) =>
  fetch(url, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });

const app = express();
app.use(expressMiddleware(proxy));
app.get('/about', (_req, res) => res.send('about the host app'));
app.post('/echo', express.json(), (req, res) => res.json(req.body));
const host = await serve(app);
try {
  assert.equal((await fetch(`${host.base}/hearken/healthz`)).status, 200);
  const created = await post(`${host.base}/hearken/api/v2/threads`, { text: 'Sent through Express' });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = await created.json();
  const stored = await fetch(`${upstream}/api/v2/threads/${id}`, { headers: { authorization: `Bearer ${fullKey}` } });
  assert.equal((await stored.json()).origin, 'WIDGET');
  assert.equal(await (await fetch(`${host.base}/about`)).text(), 'about the host app');
  assert.deepEqual(await (await post(`${host.base}/echo`, { a: 1 })).json(), { a: 1 });
  const missing = await fetch(`${host.base}/nowhere`);
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Cannot GET \/nowhere/, 'Express answers its own 404');
} finally {
  host.server.close();
}

const parsedFirst = express();
parsedFirst.use(express.json());
parsedFirst.use(expressMiddleware(proxy));
const late = await serve(parsedFirst);
try {
  const refused = await post(`${late.base}/hearken/api/v2/threads`, { text: 'Parsed too early' });
  assert.equal(refused.status, 500);
  const { error } = await refused.json();
  assert.equal(error.code, 'body_already_read');
  assert.match(error.message, /express\.json\(\)/);
} finally {
  late.server.close();
}
console.log('Express: proxy under /hearken, host routes answer, a body parser first is named');
