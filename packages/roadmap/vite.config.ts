import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

export default defineConfig(
  libraryConfig(import.meta.dirname, {
    // `react`: the React JSX typings, an empty module beside its declarations.
    entry: { index: 'src/index.ts', 'custom-element': 'src/custom-element.ts', react: 'src/react.ts' },
    lazyChunks: true,
  }),
);
