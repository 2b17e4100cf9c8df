/**
 * The consumer suite's framework checks j-m (see consumer/README.md): the roadmap rendered on the
 * server by a plain Node page and a Next.js app, and both elements in Vue 3 and Svelte 5 templates.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exec, run, start } from './process.mjs';

const bin = (app, name) => join(app, 'node_modules', '.bin', name);

/** The seeded portal's project names and issue titles, read from the reference server. */
async function portal(server) {
  const read = async (path) => {
    const response = await fetch(`${server.url}/api/v1/${path}/${server.workspaceId}`);
    assert.equal(response.status, 200, `GET ${path}`);
    return response.json();
  };
  const [projects, issues] = await Promise.all([read('projects'), read('issues')]);
  assert.ok(projects.length > 0 && issues.length > 0, 'the demo seed has projects and issues');
  return { projects: projects.map((project) => project.name), issues: issues.map((issue) => issue.title) };
}

const escapeText = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * What a crawler reads in a server-rendered page: `<hearken-roadmap>` with a declarative shadow
 * root holding each of `names` and linking `stylesheet`, and the data it was made from (every
 * issue title of the portal) for the element to pick up.
 */
function assertRendered(html, { names, issues, stylesheet }) {
  const root = /<hearken-roadmap [^>]*><template shadowrootmode="open">([\s\S]*?)<\/template>/.exec(html)?.[1];
  assert.ok(root, 'the page has <hearken-roadmap> with a declarative shadow root');
  assert.ok(root.includes(`<link rel="stylesheet" href="${stylesheet}"/>`), `the shadow root links ${stylesheet}`);
  for (const name of names) assert.ok(root.includes(escapeText(name)), `the markup shows ${name}`);
  const data = /<script type="application\/json" data-hearken-data>([\s\S]*?)<\/script>/.exec(html)?.[1];
  assert.ok(data, 'the element carries its data');
  const titles = JSON.parse(data).issues.map((issue) => issue.title);
  assert.deepEqual(new Set(titles), new Set(issues), 'the data holds every issue title');
}

/**
 * The code blocks of the roadmap's README (as the installed package ships it) that name a file on
 * their first line (`// app/page.tsx`), each equal to that file of the app: the README shows
 * exactly what the suite runs.
 */
async function assertReadmeShows(app, files) {
  const readme = await readFile(join(app, 'node_modules', '@hearken', 'roadmap', 'README.md'), 'utf8');
  const blocks = new Map();
  for (const [, code] of readme.matchAll(/```(?:js|ts|tsx)\n([\s\S]*?)```/g)) {
    const file = /^\/\/ ([\w./-]+\.\w+)(?::|\n)/.exec(code)?.[1];
    if (file) blocks.set(file, code);
  }
  for (const file of files) {
    assert.ok(blocks.has(file), `the README shows ${file}`);
    assert.equal(blocks.get(file), await readFile(join(app, file), 'utf8'), `the README's ${file} is the app's`);
  }
}

/** GETs `url`, asserting its status and content type; resolves with the body. */
async function get(url, { status = 200, type } = {}) {
  const response = await fetch(url);
  assert.equal(response.status, status, `GET ${url}`);
  if (type) assert.match(response.headers.get('content-type') ?? '', type, `content type of ${url}`);
  return response.text();
}

/**
 * j. `apps/node/roadmap-server.mjs`, the README's plain Node page: each view is in the HTML
 * (project names in the roadmap, issue titles in the issues view), and the stylesheet and the
 * element's script it links are served.
 */
export async function serverRenderedNode(app, server) {
  await assertReadmeShows(app, ['roadmap-server.mjs']);
  const page = await start('node', ['roadmap-server.mjs'], {
    cwd: app,
    env: { HEARKEN_WORKSPACE: server.workspaceId, HEARKEN_API_BASE: server.url, PORT: '0' },
    ready: /listening on (http:\/\/\S+)\n/,
  });
  try {
    const url = page.match[1];
    const { projects, issues } = await portal(server);
    const stylesheet = '/hearken/roadmap.css';
    assertRendered(await get(`${url}/`, { type: /^text\/html/ }), { names: projects, issues, stylesheet });
    assertRendered(await get(`${url}/issues`), { names: issues, issues, stylesheet });
    assert.match(await get(`${url}${stylesheet}`, { type: /^text\/css/ }), /\.hk-root/);
    const script = await get(`${url}/hearken/hearken.js`, { type: /^text\/javascript/ });
    assert.match(script, /hearken-roadmap/);
    await get(`${url}/kanban`, { status: 404 });
  } finally {
    await page.stop();
  }
}

/**
 * k. `apps/next`, the README's Next.js example: `next build` (the page is dynamic, so the build reads nothing), `next start`, and
 * the page a Server Component rendered has the roadmap; in Chromium the element upgrades and shows
 * it, with no error on the console (a hydration mismatch would log one) and no failed request.
 */
export async function nextApp(app, { serverReady, launch }) {
  await assertReadmeShows(app, ['app/page.tsx', 'app/define-roadmap.tsx', 'app/hearken/roadmap.css/route.ts']);
  const env = { NEXT_TELEMETRY_DISABLED: '1' };
  await run(bin(app, 'next'), ['build'], { cwd: app, env, timeoutMs: 600_000 });
  const server = await serverReady;
  const next = await start(bin(app, 'next'), ['start', '--port', '0', '--hostname', '127.0.0.1'], {
    cwd: app,
    env: { ...env, HEARKEN_WORKSPACE: server.workspaceId, HEARKEN_API_BASE: server.url },
    ready: /Local:\s+(http:\/\/\S+)/,
  });
  const browser = await launch();
  try {
    const url = next.match[1];
    const { projects, issues } = await portal(server);
    const stylesheet = '/hearken/roadmap.css';
    assertRendered(await get(`${url}/`, { type: /^text\/html/ }), { names: projects, issues, stylesheet });
    assert.match(await get(`${url}${stylesheet}`, { type: /^text\/css/ }), /\.hk-root/);

    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${url}/`);
    await page.waitForFunction(() => customElements.get('hearken-roadmap'), undefined, { timeout: 30_000 });
    await page.locator('hearken-roadmap').getByText(projects[0]).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    assert.deepEqual(problems, [], 'no error on the page and no failed request');
  } finally {
    await browser.close();
    await next.stop();
  }
}

/** l. `apps/vue`: vue-tsc (its `@vue-expect-error` lines must each meet an error) and a Vite build. */
export async function vueApp(app) {
  await run(bin(app, 'vue-tsc'), ['--noEmit', '-p', 'tsconfig.json'], { cwd: app });
  await run(bin(app, 'vite'), ['build', '--logLevel', 'error'], { cwd: app });
}

/**
 * m. `apps/svelte`: svelte-check passes with no warning, a Vite build, and `wrong/Wrong.svelte`,
 * checked on its own, fails exactly on the element after each `<!-- wrong: … -->` comment.
 */
export async function svelteApp(app) {
  const check = (tsconfig) =>
    exec(bin(app, 'svelte-check'), ['--tsconfig', tsconfig, '--output', 'machine', '--fail-on-warnings'], {
      cwd: app,
    });
  const [right, wrong] = await Promise.all([check('./tsconfig.json'), check('./wrong/tsconfig.json')]);
  assert.equal(right.code, 0, right.output);

  const lines = (await readFile(join(app, 'wrong', 'Wrong.svelte'), 'utf8')).split('\n');
  const expected = lines.flatMap((line, index) =>
    line.startsWith('<!-- wrong:')
      ? [index + 1 + lines.slice(index).findIndex((next) => next.startsWith('<hearken-'))]
      : [],
  );
  const reported = [...wrong.stdout.matchAll(/ ERROR "wrong\/Wrong\.svelte" (\d+):\d+ /g)].map((match) =>
    Number(match[1]),
  );
  assert.ok(expected.length > 0, 'Wrong.svelte marks its wrong uses');
  assert.deepEqual([...new Set(reported)], expected, `svelte-check errs on each wrong use:\n${wrong.output}`);
  assert.notEqual(wrong.code, 0);

  await run(bin(app, 'vite'), ['build', '--logLevel', 'error'], { cwd: app });
}
