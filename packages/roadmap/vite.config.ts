import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

export default defineConfig(
  libraryConfig(import.meta.dirname, {
    entry: { index: 'src/index.ts', 'custom-element': 'src/custom-element.ts' },
    lazyChunks: true,
  }),
);
