import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

const config = libraryConfig(import.meta.dirname);

// Code loaded on demand goes under lazy/ (languages under lazy/locales/), so size budgets can
// tell what loads before the first open from what loads later.
config.build!.rollupOptions!.output = {
  chunkFileNames: (chunk) =>
    chunk.isDynamicEntry
      ? chunk.facadeModuleId?.includes('/locales/')
        ? 'lazy/locales/[name]-[hash].js'
        : 'lazy/[name]-[hash].js'
      : '[name]-[hash].js',
};

export default defineConfig(config);
