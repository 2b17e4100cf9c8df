/** The consumer suite's checks a-f (see consumer/README.md), each on installed apps. */
import assert from 'node:assert/strict';
import { cp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { exec, run } from './process.mjs';
import { serveStatic, startKeyProxy } from './stack.mjs';

const bin = (app, name) => join(app, 'node_modules', '.bin', name);

/** a. The Vite + strict TypeScript app type-checks under bundler and node16 resolution and builds. */
export async function viteTypeScriptApp(app) {
  await run(bin(app, 'tsc'), ['-p', 'tsconfig.bundler.json'], { cwd: app });
  await run(bin(app, 'tsc'), ['-p', 'tsconfig.node16.json'], { cwd: app });
  await run(bin(app, 'vite'), ['build', '--logLevel', 'error'], { cwd: app });
}

/** b and g, first half: the React 19 (or Preact 10) app type-checks and builds. */
export async function buildApp(app) {
  await run(bin(app, 'tsc'), ['-p', 'tsconfig.json'], { cwd: app });
  await run(bin(app, 'vite'), ['build', '--logLevel', 'error'], { cwd: app });
}

/** g, first half: npm installs one Preact, the app's, which the widgets render and type with. */
export async function onePreact(app) {
  const { stdout } = await exec('npm', ['ls', 'preact', '--all', '--parseable'], { cwd: app });
  const copies = [...new Set(stdout.trim().split('\n'))];
  assert.deepEqual(copies, [join(app, 'node_modules', 'preact')], 'one copy of preact, at the top');
}

/**
 * b and g, second half: in Chromium, the React (or Preact 10) app shows the seeded roadmap, with the
 * `strings` it set as a property, and feedback sent through the proxy becomes a WIDGET thread.
 */
export async function appInChromium(app, { server, launch, cliApp }) {
  const site = await serveStatic(join(app, 'dist'));
  const proxy = await startKeyProxy(cliApp, {
    upstream: server.url,
    apiKey: server.keys.v2ThreadsWrite,
    origin: site.url,
  });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const query = new URLSearchParams({ workspace: server.workspaceId, api: server.url, proxy: proxy.url });
    await page.goto(`${site.url}/?${query}`);
    const roadmap = page.locator('hearken-roadmap');
    await roadmap.getByText('Dark mode everywhere').first().waitFor({ timeout: 30_000 });
    await roadmap.getByText('What we are building').first().waitFor();
    await page.waitForFunction(() => Number(document.querySelector('#projects')?.textContent) > 0);

    const text = `Sent from the React consumer app ${Date.now()}`;
    const feedback = page.locator('hearken-feedback');
    await feedback.getByLabel('Your feedback').fill(text);
    // The proxy treats a form filled faster than a person could as a bot.
    await page.waitForTimeout(1_800);
    await feedback.getByRole('button', { name: 'Send to the team' }).click();
    await page.waitForFunction(() => document.querySelector('#sent')?.textContent, undefined, { timeout: 20_000 });
    const threadId = await page.locator('#sent').textContent();
    const response = await fetch(`${server.url}/api/v2/threads/${threadId}`, {
      headers: { authorization: `Bearer ${server.keys.v2Full}` },
    });
    assert.equal(response.status, 200, `thread ${threadId} is stored`);
    const thread = await response.json();
    assert.equal(thread.origin, 'WIDGET');
    assert.equal(thread.text, text);
    assert.deepEqual(errors, [], 'no error on the page');
  } finally {
    await browser.close();
    await proxy.stop();
    await site.stop();
  }
}

/**
 * h. The repository README's script-tag block, as written (its placeholders filled in), on a plain
 * page that serves `@hearken/embed`'s dist/ under /hearken/, against the proxy started as the
 * README's command starts it (no portal reads): both widgets render and no request fails.
 */
export async function scriptTagFromReadme(cliApp, { server, launch, readme, dir }) {
  const block = /### 1\. Script tag[\s\S]*?```html\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'the README has a script-tag HTML block');
  await cp(join(cliApp, 'node_modules', '@hearken', 'embed', 'dist'), join(dir, 'hearken'), { recursive: true });
  const site = await serveStatic(dir);
  const proxy = await startKeyProxy(cliApp, {
    upstream: server.url,
    apiKey: server.keys.v2ThreadsWrite,
    origin: site.url,
    portal: false,
  });
  const html = block
    .replaceAll('WORKSPACE_ID', server.workspaceId)
    .replaceAll('https://feedback.example.com', server.url)
    .replaceAll('https://www.example.com/hearken', proxy.url);
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html>\n<meta charset="utf-8">\n<title>Script tag</title>\n${html}`,
  );
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${site.url}/`);
    await page.locator('hearken-roadmap[view="roadmap"]').getByText('Dark mode everywhere').first().waitFor();
    await page.locator('hearken-roadmap[view="changelog"]').getByRole('article').waitFor();
    await page.locator('hearken-feedback').getByRole('button', { name: 'Feedback' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(problems, [], 'no failed request and no error on the page');
  } finally {
    await browser.close();
    await proxy.stop();
    await site.stop();
  }
}

/** c. Every package imports in Node, as an ES module and through require(), and define() throws nothing. */
export async function importsInNode(app) {
  await run('node', ['import-all.mjs'], { cwd: app });
  await run('node', ['require-all.cjs'], { cwd: app });
}

/** d. @hearken/core from ES module and CommonJS scripts against the server: data and typed errors. */
export async function coreFromNode(app, server) {
  const env = { HEARKEN_URL: server.url, HEARKEN_V2_KEY: server.keys.v2Full, HEARKEN_V1_KEY: server.keys.v1 };
  await run('node', ['core-errors.mjs'], { cwd: app, env });
  await run('node', ['core-errors.cjs'], { cwd: app, env });
}

/** e. The proxy as Express 5 middleware (the script asserts; see apps/node/express-proxy.mjs). */
export async function expressApp(app, server) {
  await run('node', ['express-proxy.mjs'], {
    cwd: app,
    env: { HEARKEN_URL: server.url, HEARKEN_PROXY_KEY: server.keys.v2ThreadsWrite, HEARKEN_V2_KEY: server.keys.v2Full },
    timeoutMs: 60_000,
  });
}

/** A port something else listens on, for the port-in-use checks; resolves with it and a close(). */
async function takenPort() {
  const holder = createServer();
  await new Promise((resolve) => holder.listen(0, '127.0.0.1', resolve));
  return { port: String(holder.address().port), close: () => new Promise((resolve) => holder.close(resolve)) };
}

const PROXY_VARIABLES = [
  'HEARKEN_UPSTREAM',
  'HEARKEN_API_KEY',
  'HEARKEN_ALLOWED_ORIGINS',
  'HEARKEN_IDENTITY_SECRET',
  'HEARKEN_IDENTITY_REQUIRED',
  'HEARKEN_ALLOW_BROAD_KEY',
  'HEARKEN_TRUST_PROXY',
  'HEARKEN_PORTAL',
  'REDIS_URL',
  'PORT',
  'HOST',
];

/**
 * f. The CLIs from the tarballs: --help documents every variable and default, a bad configuration
 * names every problem by its variable, a port in use is reported before anything claims to be
 * ready, an unknown key is told so. (The server CLI's start is the suite's own server.)
 */
export async function clis(app, server) {
  const proxyCli = (env, args = []) => exec(bin(app, 'hearken-proxy'), args, { cwd: app, env, timeoutMs: 30_000 });
  const serverCli = (args, env = {}) => exec(bin(app, 'hearken-server'), args, { cwd: app, env, timeoutMs: 60_000 });
  const valid = {
    HEARKEN_UPSTREAM: server.url,
    HEARKEN_API_KEY: server.keys.v2ThreadsWrite,
    HEARKEN_ALLOWED_ORIGINS: 'https://www.example.com',
    PORT: '0',
  };

  // The proxy's and the server's checks are independent: run them side by side.
  const proxyChecks = async () => {
    const proxyHelp = await proxyCli({}, ['--help']);
    assert.equal(proxyHelp.code, 0, proxyHelp.output);
    for (const name of PROXY_VARIABLES)
      assert.match(proxyHelp.stdout, new RegExp(`\\b${name}\\b`), `--help names ${name}`);
    assert.match(proxyHelp.stdout, /default: 8787/);

    const empty = await proxyCli({});
    assert.equal(empty.code, 1, empty.output);
    for (const name of ['HEARKEN_UPSTREAM', 'HEARKEN_API_KEY', 'HEARKEN_ALLOWED_ORIGINS']) {
      assert.match(empty.stderr, new RegExp(`${name} is required`), `names ${name}`);
    }
    assert.doesNotMatch(empty.stderr, /\b(apiKey|upstream|allowedOrigins)\b/, 'no code option names');

    const noOrigins = await proxyCli({ ...valid, HEARKEN_ALLOWED_ORIGINS: '' });
    assert.equal(noOrigins.code, 1, noOrigins.output);
    assert.match(noOrigins.stderr, /HEARKEN_ALLOWED_ORIGINS is empty/);

    const unknownKey = await proxyCli({ ...valid, HEARKEN_API_KEY: 'cfs_v2_unknown' });
    assert.equal(unknownKey.code, 1, unknownKey.output);
    assert.match(unknownKey.stderr, /unknown or revoked/);
  };
  const serverChecks = async () => {
    const serverHelp = await serverCli(['--help']);
    assert.equal(serverHelp.code, 0, serverHelp.output);
    for (const text of ['PORT', 'DATABASE_URL', 'REDIS_URL', '--data', '--seed', 'default: 4000', '.hearken/data']) {
      assert.ok(serverHelp.stdout.includes(text), `hearken-server --help mentions ${text}`);
    }

    const badServer = await serverCli(['--seed', 'everything'], { PORT: 'eighty', REDIS_URL: 'localhost' });
    assert.equal(badServer.code, 1, badServer.output);
    for (const name of ['PORT', '--seed', 'REDIS_URL']) assert.ok(badServer.stderr.includes(name), `names ${name}`);
  };
  await Promise.all([proxyChecks(), serverChecks()]);

  const taken = await takenPort();
  try {
    const [proxyInUse, serverInUse] = await Promise.all([
      proxyCli({ ...valid, PORT: taken.port }),
      serverCli(['--port', taken.port, '--data', 'memory']),
    ]);
    assert.equal(proxyInUse.code, 1, proxyInUse.output);
    assert.match(proxyInUse.stderr, /already in use/);
    assert.doesNotMatch(proxyInUse.output, /"ready"|listening/, 'nothing claims to be ready');
    assert.equal(serverInUse.code, 1, serverInUse.output);
    assert.match(serverInUse.stderr, /already in use/);
    assert.doesNotMatch(serverInUse.output, /listening/, 'nothing claims to be ready');
  } finally {
    await taken.close();
  }
}

/**
 * i. `apps/openapi`: a client generated by openapi-typescript from the document the server serves
 * type-checks strictly and, called with openapi-fetch, gets the server's real answers.
 */
export async function openApiClient(app, server) {
  const document = await fetch(`${server.url}/api/openapi.json`);
  assert.equal(document.status, 200);
  await writeFile(join(app, 'openapi.json'), await document.text());
  await run(bin(app, 'openapi-typescript'), ['openapi.json', '--output', 'src/api.ts'], { cwd: app });
  await run(bin(app, 'tsc'), ['-p', 'tsconfig.json'], { cwd: app });
  const env = {
    HEARKEN_URL: server.url,
    HEARKEN_WORKSPACE: server.workspaceId,
    HEARKEN_V1_KEY: server.keys.v1,
    HEARKEN_V2_KEY: server.keys.v2Full,
  };
  const { stdout } = await run(process.execPath, ['dist/main.js'], { cwd: app, env });
  assert.match(stdout, /typed client: ok/);
}
