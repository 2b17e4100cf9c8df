import { defineConfig, mergeConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

/**
 * `dist/hearken.js` is served to browsers as-is, so unlike the other packages it bundles the widget
 * packages (devDependencies, hence not external), and through them Preact, the client and the theme
 * code, fully minified. Each widget's code stays behind a dynamic import; code both widgets use
 * lands in shared hashed chunks.
 */
export default defineConfig(
  mergeConfig(
    libraryConfig(import.meta.dirname, {
      entry: { hearken: 'src/hearken.ts', index: 'src/index.ts' },
      minify: true,
    }),
    {
      build: {
        rolldownOptions: {
          output: {
            // Library mode keeps whitespace in ES output for the sake of tree-shaking downstream;
            // these files are the end product, so minify them completely.
            minify: true,
            // Each element's entry chunk is named for it, so budgets can tell them apart. A chunk
            // of code several entries share would otherwise take the name of whichever module
            // came last (a feedback-client module shared with the roadmap's upvote, say).
            chunkFileNames: (chunk: { facadeModuleId: string | null }) => {
              if (!chunk.facadeModuleId) return 'shared-[hash].js';
              const widget = /[\\/]packages[\\/](roadmap|feedback)[\\/]dist[\\/]index\.js$/.exec(chunk.facadeModuleId);
              return `${widget ? widget[1] : '[name]'}-[hash].js`;
            },
          },
        },
      },
    },
  ),
);
