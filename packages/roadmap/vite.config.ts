import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defineConfig, runnerImport } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

const dir = import.meta.dirname;
const config = libraryConfig(dir, {
  // The headless model is its own entry, so the element's entry never imports it statically;
  // `react`, `vue` and `svelte` are framework typings, empty modules beside their declarations; `server` renders
  // the roadmap to HTML on the host's server.
  entry: {
    index: 'src/index.ts',
    model: 'src/model/index.ts',
    react: 'src/react.ts',
    vue: 'src/vue.ts',
    svelte: 'src/svelte.ts',
    server: 'src/server.ts',
  },
  lazyChunks: true,
});

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
          { configFile: false, resolve: { alias: { '@hearken/ui': resolve(dir, '../ui/src/index.ts') } } },
        );
        await writeFile(resolve(dir, 'dist/roadmap.css'), module.SERVER_CSS);
      },
    },
  ],
});
