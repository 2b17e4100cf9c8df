import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

// Entries come from the `exports` map: the headless model is its own entry, so the element's entry
// never imports it statically; `react`, `vue` and `svelte` are framework typings, empty modules
// beside their declarations.
const config = libraryConfig(import.meta.dirname, { lazyChunks: true });
// The launcher and the form both use the constants in keys.ts; inlined, the two share no chunk
// of this package, so the form loads with one request less.
config.build = {
  ...config.build,
  rollupOptions: { ...config.build?.rollupOptions, optimization: { inlineConst: true } },
};

export default defineConfig(config);
