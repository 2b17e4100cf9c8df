import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

const base = libraryConfig(import.meta.dirname, {
  entry: {
    index: 'src/index.ts',
    constants: 'src/constants.ts',
    'client-address': 'src/client-address.ts',
    node: 'src/node.ts',
  },
});

export default defineConfig({
  ...base,
  build: {
    ...base.build,
    rollupOptions: {
      ...base.build?.rollupOptions,
      // Inlined constants would leave bare `import './constants.js'` lines that bundlers warn about.
      optimization: { inlineConst: false },
      // One file per source module: with `sideEffects: false` a consumer's bundler then drops whole
      // modules it does not use (the v1/v2 clients and their schemas in a portal-only bundle).
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});
