import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

export default defineConfig(
  libraryConfig(import.meta.dirname, {
    entry: { index: 'src/index.ts', fetch: 'src/fetch.ts', cli: 'src/node/cli.ts' },
    lazyChunks: true,
    bundled: ['@hearken/service'],
  }),
);
