import { defineConfig, mergeConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

// One output file per source module: with `sideEffects: false`, a consumer's bundler then drops
// whole modules it does not use (the v1/v2 clients and their schemas for a portal-only bundle).
export default defineConfig(
  mergeConfig(libraryConfig(import.meta.dirname), {
    build: {
      rollupOptions: { output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' } },
    },
  }),
);
