import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defineConfig, runnerImport } from 'vite';
import { libraryConfig, sourceResolve } from '../../vite.config.ts';

const dir = import.meta.dirname;
// Entries come from the `exports` map: the headless model is its own entry, so the element's entry
// never imports it statically; `react`, `vue` and `svelte` are framework typings, empty modules
// beside their declarations; `server` renders the roadmap to HTML on the host's server.
const config = libraryConfig(dir, { lazyChunks: true });

export default defineConfig({
  ...config,
  plugins: [
    ...(config.plugins ?? []),
    {
      // The server-rendered markup links this stylesheet (a strict CSP forbids inline styles): the
      // very CSS the renderer inlines with a nonce, read from the sources (no sibling build needed).
      name: 'hearken-roadmap-css',
      async closeBundle() {
        const { module } = await runnerImport<typeof import('./src/server/stylesheet.ts')>(
          resolve(dir, 'src/server/stylesheet.ts'),
          { configFile: false, ...sourceResolve },
        );
        await writeFile(resolve(dir, 'dist/roadmap.css'), module.SERVER_CSS);
      },
    },
  ],
});
