import { defineConfig } from 'vite';

/** Served by examples/server.mjs under /host-app/, built like any app that installs Hearken from npm. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/host-app/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
