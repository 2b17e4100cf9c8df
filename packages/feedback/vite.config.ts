import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

// The headless model is its own entry, so the element's entry never imports it statically;
// `react` is the React JSX typings, an empty module beside its declarations.
const config = libraryConfig(import.meta.dirname, {
  entry: { index: 'src/index.ts', model: 'src/model/index.ts', react: 'src/react.ts' },
  lazyChunks: true,
});
// The launcher and the form both use the constants in keys.ts; inlined, they leave the two
// sharing no chunk of this package: one request and ~70 B gzip less on first open.
config.build = {
  ...config.build,
  rollupOptions: { ...config.build?.rollupOptions, optimization: { inlineConst: true } },
};

export default defineConfig(config);
