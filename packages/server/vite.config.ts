import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

export default defineConfig(
  libraryConfig(import.meta.dirname, {
    entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
    bundled: ['@hearken/service'],
  }),
);
