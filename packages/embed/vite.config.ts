import { defineConfig, mergeConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';
import { parallelImports } from './parallel-imports.ts';

/** The UI modules that need no Preact, which the eager elements use (see @hearken/ui/dom). */
const DOM_HELPERS =
  /[\\/]packages[\\/]ui[\\/]dist[\\/](dom|define|events|lazy-module|option-signals|reflect|storage|styles|when-removed)\.js$/;
const SHARED_LAZY =
  /[\\/](node_modules[\\/](preact|@preact[\\/]signals|zod|ky)[\\/]|packages[\\/](core|ui)[\\/]dist[\\/])/;

function isSharedLazyCode(id: string): boolean {
  return SHARED_LAZY.test(id) && !DOM_HELPERS.test(id);
}

/**
 * `dist/hearken.js` is served to browsers as-is, so unlike the other packages it bundles the widget
 * packages (devDependencies, hence not external), and through them Preact, the client and the theme
 * code, fully minified. Each
 * widget's code stays behind a dynamic import; code both widgets use lands in shared hashed chunks.
 *
 * `dist/index.js` (the npm entry: createHearken, watchElements, the snippet) is built apart, with
 * `--mode index`: built together, the code both entries use would be a chunk of its own that
 * hearken.js imports, one more round trip before any element's code is even asked for.
 */
const index = libraryConfig(import.meta.dirname, { entry: { index: 'src/index.ts' }, minify: true });

const hearken = mergeConfig(
  libraryConfig(import.meta.dirname, {
    entry: { hearken: 'src/hearken.ts' },
    minify: true,
    // The per-element modules import the widget packages, which are devDependencies bundled into hearken.js.
    undeclared: ['src/elements/**'],
  }),
  {
    plugins: [parallelImports()],
    build: {
      rolldownOptions: {
        // Required by the non-recursive group below: an entry chunk may export more than its module.
        preserveEntrySignatures: 'allow-extension',
        output: {
          // The code behind the elements' lazy parts (Preact, the signals' Preact binding, the API
          // client with zod and ky, the Preact-based UI modules) in chunks grouped by which elements use it: what
          // both use is one chunk they share, fetched once, never part of whichever element's chunk
          // the bundler picks (one layout had the feedback form fetch all of the roadmap). Not
          // recursive: the eager elements' helpers (signals-core, the DOM-only UI modules) stay out,
          // so an element's eager part never pulls these chunks in.
          codeSplitting: {
            groups: [
              {
                name: 'shared-ui',
                test: isSharedLazyCode,
                entriesAware: true,
                includeDependenciesRecursively: false,
              },
            ],
          },
          // Library mode keeps whitespace in ES output for the sake of tree-shaking downstream;
          // these files are the end product, so minify them completely.
          minify: true,
          // Each element's entry chunk and view chunk are named for it (`roadmap-`,
          // `roadmap-view-`), so budgets and tests can tell them apart. A chunk
          // of code several entries share would otherwise take the name of whichever module
          // came last (a feedback-client module shared with the roadmap's upvote, say).
          chunkFileNames: (chunk: { facadeModuleId: string | null }) => {
            if (!chunk.facadeModuleId) return 'shared-[hash].js';
            const view = /[\\/]packages[\\/](roadmap|feedback)[\\/]dist[\\/]lazy[\\/]mount-view-[^\\/]*\.js$/.exec(
              chunk.facadeModuleId,
            );
            if (view) return `${view[1]}-view-[hash].js`;
            const element = /[\\/]src[\\/]elements[\\/](roadmap|feedback)\.ts$/.exec(chunk.facadeModuleId);
            return `${element ? element[1] : '[name]'}-[hash].js`;
          },
        },
      },
    },
  },
);

export default defineConfig(({ mode }) =>
  mode === 'index'
    ? // Declarations come from the main build; this one adds its file to that dist/.
      { ...index, plugins: [], build: { ...index.build, emptyOutDir: false } }
    : hearken,
);
