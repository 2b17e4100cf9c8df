import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

export default defineConfig(
  libraryConfig(import.meta.dirname, {
    commands: { 'hearken-proxy': 'src/node/cli.ts' },
    lazyChunks: true,
    bundled: ['@hearken/service'],
  }),
);
