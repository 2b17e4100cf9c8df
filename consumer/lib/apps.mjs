/** The consumer apps: copied from consumer/apps into a fresh directory and installed from the tarballs with npm. */
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from './process.mjs';

/** Versions of what the apps install from the npm registry, pinned so a run is repeatable. */
const REGISTRY = {
  typescript: '5.9.3',
  preact: '11.2.0',
  vite: '8.3.8',
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@types/react': '19.3.0',
  '@types/react-dom': '19.3.0',
  express: '5.3.0',
  'openapi-typescript': '7.13.0',
  'openapi-fetch': '0.17.0',
  '@types/node': '20.19.43',
  next: '16.4.6',
  vue: '3.5.45',
  'vue-tsc': '3.3.14',
  '@vitejs/plugin-vue': '6.0.11',
  svelte: '5.57.3',
  'svelte-check': '4.7.8',
  '@sveltejs/vite-plugin-svelte': '7.3.1',
};

/**
 * Each app: the packages it installs from tarballs and from the registry (a name, or [name, version]),
 * and for the apps whose page is only a title, a mount point and their script: that `page`.
 */
export const APPS = {
  'vite-ts': {
    hearken: ['@hearken/core', '@hearken/roadmap', '@hearken/feedback'],
    registry: ['typescript', 'vite', 'preact'],
  },
  // create-vite's preact-ts template still starts apps on Preact 10.
  preact10: {
    hearken: ['@hearken/roadmap', '@hearken/feedback'],
    registry: ['typescript', 'vite', ['preact', '10.29.8']],
    page: { title: 'Hearken in a Preact 10 app', mount: 'root', script: '/src/main.tsx' },
  },
  react: {
    hearken: ['@hearken/roadmap', '@hearken/feedback'],
    registry: ['typescript', 'vite', 'react', 'react-dom', '@types/react', '@types/react-dom'],
    page: { title: 'Hearken in a React 19 app', mount: 'root', script: '/src/main.tsx' },
  },
  node: {
    hearken: [
      '@hearken/core',
      '@hearken/ui',
      '@hearken/roadmap',
      '@hearken/feedback',
      '@hearken/proxy',
      '@hearken/server',
      '@hearken/embed',
    ],
    registry: ['express'],
  },
  next: {
    hearken: ['@hearken/roadmap'],
    registry: ['next', 'react', 'react-dom', 'typescript', '@types/react', '@types/react-dom', '@types/node'],
  },
  vue: {
    hearken: ['@hearken/roadmap', '@hearken/feedback'],
    registry: ['vue', 'vite', '@vitejs/plugin-vue', 'typescript', 'vue-tsc'],
    page: { title: 'Hearken in Vue 3', mount: 'app', script: '/src/main.ts' },
  },
  svelte: {
    hearken: ['@hearken/roadmap', '@hearken/feedback'],
    registry: ['svelte', 'vite', '@sveltejs/vite-plugin-svelte', 'typescript', 'svelte-check'],
    page: { title: 'Hearken in Svelte 5', mount: 'app', script: '/src/main.ts' },
  },
  openapi: {
    hearken: [],
    // The script runs in Node (node:assert, process.env): its types are declared, not left to
    // whichever dependency happens to bring them.
    registry: ['typescript', 'openapi-typescript', 'openapi-fetch', '@types/node'],
  },
};

/** The `index.html` of an app with a `page`: Vite's entry, as `npm create vite` writes it. */
export const indexHtml = ({ title, mount, script }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body>
    <div id="${mount}"></div>
    <script type="module" src="${script}"></script>
  </body>
</html>
`;

/**
 * Writes the app into `dir` with a package.json whose @hearken packages, direct or not, all come
 * from the tarballs (npm `overrides`), then `npm install`s it with the suite's own npm cache.
 */
export async function installApp(name, { source, dir, tarballs, npmCache }) {
  await cp(join(source, name), dir, { recursive: true });
  const spec = (pkg) => `file:${tarballs[pkg]}`;
  const manifest = {
    name: `hearken-consumer-${name}`,
    private: true,
    type: 'module',
    dependencies: Object.fromEntries([
      ...APPS[name].hearken.map((pkg) => [pkg, spec(pkg)]),
      ...APPS[name].registry.map((pkg) => (Array.isArray(pkg) ? pkg : [pkg, REGISTRY[pkg]])),
    ]),
    overrides: Object.fromEntries(Object.keys(tarballs).map((pkg) => [pkg, spec(pkg)])),
  };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (APPS[name].page) await writeFile(join(dir, 'index.html'), indexHtml(APPS[name].page));
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--cache', npmCache],
    { cwd: dir, timeoutMs: 600_000 },
  );
}
