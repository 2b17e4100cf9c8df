import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

export default defineConfig(
  libraryConfig(import.meta.dirname, {
    // The headless model is its own entry, so the element's entry never imports it statically;
    // `react` is the React JSX typings, an empty module beside its declarations.
    entry: { index: 'src/index.ts', model: 'src/model/index.ts', react: 'src/react.ts' },
    lazyChunks: true,
  }),
);
