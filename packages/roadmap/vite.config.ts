import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

const config = libraryConfig(import.meta.dirname);

// Code only ever loaded on demand (other languages, the issues and changelog views, the upvote
// client) goes to dist/lazy/, so the size budget can leave it out of the element's own figure
// (see .size-limit.json). Chunks the entry imports statically stay beside it and are counted.
export default defineConfig({
  ...config,
  build: {
    ...config.build,
    rollupOptions: {
      ...config.build?.rollupOptions,
      output: {
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'lazy/[name]-[hash].js' : '[name]-[hash].js'),
      },
    },
  },
});
