#!/usr/bin/env node
/**
 * The consumer suite: packs every package as it would be published, installs the tarballs with
 * npm into fresh apps in a temporary directory outside the workspace (no workspace links, no
 * `source` export condition), and checks them as users would use them. See consumer/README.md.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APPS, installApp } from './lib/apps.mjs';
import {
  appInChromium,
  buildApp,
  clis,
  coreFromNode,
  expressApp,
  importsInNode,
  onePreact,
  openApiClient,
  scriptTagFromReadme,
  viteTypeScriptApp,
} from './lib/checks.mjs';
import { nextApp, serverRenderedNode, svelteApp, vueApp } from './lib/frameworks.mjs';
import { checkTarballs, packAll } from './lib/packages.mjs';
import { startReferenceServer } from './lib/stack.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const started = performance.now();
const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

// pnpm as it ran this script (npx or a global install), else the one on PATH.
const pnpm = process.env.npm_execpath?.includes('pnpm') ? [process.execPath, process.env.npm_execpath] : ['pnpm'];

const results = [];
/** Runs one named check, recording whether it passed, its time, and why it failed. */
async function check(name, body) {
  const from = performance.now();
  try {
    await body();
    results.push({ name, ok: true, time: seconds(from) });
    console.log(`  ok    ${name} (${seconds(from)})`);
  } catch (error) {
    results.push({ name, ok: false, time: seconds(from) });
    console.log(`  FAIL  ${name} (${seconds(from)})\n${String(error?.stack ?? error).replace(/^/gm, '        ')}`);
  }
}

/** Chromium through the workspace's Playwright, with the browser tests' launch options. */
async function chromiumLauncher() {
  const require = createRequire(join(root, 'playwright', 'package.json'));
  const { chromium } = require('@playwright/test');
  const { testChromiumLaunchOptions } = await import(pathToFileURL(join(root, 'playwright', 'chromium.mjs')).href);
  return () => chromium.launch(testChromiumLaunchOptions);
}

const work = await mkdtemp(join(tmpdir(), 'hearken-consumer-'));
// One npm cache for every app and every run, kept with the workspace's other caches.
const npmCache = join(root, 'node_modules', '.cache', 'hearken-consumer-npm');
await mkdir(npmCache, { recursive: true });
console.log(`consumer suite in ${work}`);

let server;
try {
  const packFrom = performance.now();
  const tarballs = await packAll(root, pnpm, join(work, 'packs'));
  console.log(`  packed ${Object.keys(tarballs).length} packages (${seconds(packFrom)})`);

  const installs = Object.fromEntries(
    Object.keys(APPS).map((name) => {
      const dir = join(work, 'apps', name);
      const from = performance.now();
      const done = installApp(name, { source: join(here, 'apps'), dir, tarballs, npmCache }).then(() => {
        console.log(`  installed ${name} (${seconds(from)})`);
        return dir;
      });
      // Reported by the checks that need the app; this keeps an early failure from going unhandled.
      done.catch(() => {});
      return [name, done];
    }),
  );

  const packageChecks = check(
    'packages: contents, dependencies, publint --strict, attw (node16, bundler)',
    async () => {
      const problems = await checkTarballs(root, tarballs, work);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    },
  );

  const nodeApp = installs.node;
  const serverReady = nodeApp.then(startReferenceServer);
  serverReady.catch(() => {});

  await Promise.all([
    packageChecks,
    check('a. Vite + strict TypeScript app (DOM and Preact JSX): type-checks (bundler, node16) and builds', async () =>
      viteTypeScriptApp(await installs['vite-ts']),
    ),
    (async () => {
      await check('f. server CLI from the tarball starts (the suite uses it)', async () => {
        server = await serverReady;
      });
      const app = await nodeApp.catch(() => null);
      if (!server || !app) return;
      await check('c. every package imports in Node (import and require) and define() throws nothing', () =>
        importsInNode(app),
      );
      await check('d. @hearken/core from ESM and CommonJS against the server, typed errors', () =>
        coreFromNode(app, server),
      );
      await check('e. Express 5 with the proxy middleware', () => expressApp(app, server));
      await check('j. the plain Node page renders every view on the server and serves its files', () =>
        serverRenderedNode(app, server),
      );
      await check('h. the README script-tag block, as written, with the proxy as its command starts it', async () => {
        const dir = join(work, 'script-tag');
        await mkdir(dir);
        const readme = await readFile(join(root, 'README.md'), 'utf8');
        await scriptTagFromReadme(app, { server, launch: await chromiumLauncher(), readme, dir });
      });
      await check('f. CLIs: --help, every bad variable named, empty origins refused, port in use, unknown key', () =>
        clis(app, server),
      );
    })(),
    (async () => {
      await serverReady.catch(() => null);
      if (!server) return;
      await check(
        'i. a client generated by openapi-typescript from the served document, run with openapi-fetch',
        async () => openApiClient(await installs.openapi, server),
      );
    })(),
    check('k. Next.js app: a Server Component renders the roadmap; next build, next start, Chromium', async () =>
      nextApp(await installs.next, { serverReady, launch: await chromiumLauncher() }),
    ),
    ...[
      ['b. React 19 app: type-checks and builds', 'b. React 19 app in Chromium', 'react', buildApp],
      [
        'g. Preact 10 app (create-vite): one Preact for app and widgets, type-checks and builds',
        'g. Preact 10 app in Chromium',
        'preact10',
        async (app) => {
          await onePreact(app);
          await buildApp(app);
        },
      ],
      ['l. Vue 3 app: both elements typed in templates (vue-tsc), builds', 'l. Vue 3 app in Chromium', 'vue', vueApp],
      [
        'm. Svelte 5 app: both elements typed in templates (svelte-check), builds',
        'm. Svelte 5 app in Chromium',
        'svelte',
        svelteApp,
      ],
    ].map(async ([name, inChromium, appName, body]) => {
      let app;
      await check(name, async () => {
        app = await installs[appName];
        await body(app);
      });
      const launch = await chromiumLauncher();
      const cliApp = await nodeApp.catch(() => null);
      await serverReady.catch(() => null);
      if (!app || !server || !cliApp) return;
      await check(`${inChromium}: the seeded roadmap, feedback becomes a WIDGET thread`, () =>
        appInChromium(app, { server, launch, cliApp }),
      );
    }),
  ]);
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}

const failed = results.filter((result) => !result.ok);
console.log(
  `\nconsumer suite: ${results.length - failed.length} of ${results.length} checks passed in ${seconds(started)}`,
);
process.exit(failed.length > 0 ? 1 : 0);
