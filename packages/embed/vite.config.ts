import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

/**
 * `dist/hearken.js` is served to browsers as-is, so unlike the other packages it bundles the widget
 * packages (and through them Preact, the client and the theme code) and is minified. Each widget's
 * code stays behind a dynamic import; code both widgets use lands in shared hashed chunks.
 */
export default defineConfig(
  libraryConfig(import.meta.dirname, {
    entry: { index: 'src/index.ts' },
    bundle: ['@hearken/roadmap', '@hearken/feedback'],
    minify: true,
  }),
);
