import { defineConfig, mergeConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';
import { parallelImports } from './parallel-imports.ts';

/** The UI modules that need no Preact, which the eager elements use (see @hearken/ui/dom). */
const DOM_HELPERS =
  /[\\/]packages[\\/]ui[\\/]dist[\\/](dom|define|define-options|events|lazy-module|reflect|storage|styles|when-idle|when-removed|widget-element)\.js$/;
/**
 * What the elements' eager parts import beside their own entry: the DOM helpers, the storage keys,
 * the changelog anchor and the changelog-shown question (both hold their options plain, so the
 * signals library loads with the views). One chunk: split by which
 * element uses what, they were five files, and both eager parts then asked for seven, one more
 * than a browser opens to one host at once over HTTP/1.1, so the launcher's last file waited a
 * round trip (the launcher painted 1.15x later than before issue 33 on Slow 4G).
 */
const EAGER =
  /[\\/](packages[\\/]ui[\\/]dist[\\/]changelog-shown\.js$|packages[\\/]core[\\/]dist[\\/]contract[\\/](storage-keys|changelog-anchor)\.js$)/;
const eager = (id: string) => DOM_HELPERS.test(id) || EAGER.test(id);
/** The API client: core, zod and ky. */
const SHARED_CLIENT = /[\\/](node_modules[\\/](zod|ky)[\\/]|packages[\\/]core[\\/]dist[\\/])/;
/**
 * The matcher (@hearken/ui/search, with its search library): both elements import it when a reader
 * types, so it stays a chunk of its own, out of the shared UI chunk that comes with every view.
 */
const MATCHER = /[\\/]packages[\\/]ui[\\/]dist[\\/]search(\.js$|[\\/])/;
/** Preact, its signals (and their core) and the Preact-based UI modules. */
const SHARED_UI = /[\\/](node_modules[\\/](preact|@preact[\\/]signals(-core)?)[\\/]|packages[\\/]ui[\\/]dist[\\/])/;
/**
 * The UI modules no first content uses: rich text (changelog notes, excerpts) and dates, for the
 * roadmap's changelog view and the feedback form, each loaded on demand.
 */
const ON_DEMAND_UI = /[\\/]packages[\\/]ui[\\/]dist[\\/](rich-text([\\/]|\.js$)|format-date\.js$)/;

/**
 * A group of the lazy parts' code. Entries-aware, its modules are split by which chunks use them;
 * otherwise it is one file whoever uses it.
 */
const lazyGroup = (name: string, test: (id: string) => boolean, entriesAware: boolean) => ({
  name,
  test: (id: string) => test(id) && !eager(id) && !MATCHER.test(id),
  entriesAware,
  includeDependenciesRecursively: false,
});

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
const index = libraryConfig(import.meta.dirname, { exports: ['.'], minify: true });

const hearken = mergeConfig(
  libraryConfig(import.meta.dirname, {
    exports: ['./hearken.js'],
    minify: true,
    // The per-element modules import the widget packages, which a user of the script tag never
    // installs: they get no declaration files.
    undeclared: ['src/elements/**'],
  }),
  {
    plugins: [parallelImports()],
    build: {
      rolldownOptions: {
        // Required by the non-recursive group below: an entry chunk may export more than its module.
        preserveEntrySignatures: 'allow-extension',
        output: {
          // The code behind the elements' lazy parts in chunks grouped by which elements use it: what
          // both use is fetched once and never sits inside one element's own chunk (one layout had the
          // feedback form fetch all of the roadmap). Two groups, the API client (core, zod, ky) and
          // the UI (Preact, its signals, the Preact-based UI modules), download side by side, so the
          // first is parsed while the second still arrives and the roadmap paints as soon as its data is in.
          // Each is one file whoever uses it: split by user (the roadmap's view, the feedback's
          // launcher view, its form part), they were ten files of a few hundred bytes to ten kB, and
          // the roadmap's view then waited for twelve at once, two round trips over six connections.
          // Only the on-demand UI (rich text, dates) is split by user, so no first content loads it.
          // Not recursive: the eager elements' helpers (the DOM-only UI modules, the storage keys) stay
          // out, so an element's eager part never pulls these chunks in.
          codeSplitting: {
            groups: [
              // Not entries-aware: one file whichever elements the page holds (the few hundred bytes
              // one element does not use cost less than a round trip).
              { name: 'shared-eager', test: eager, includeDependenciesRecursively: false },
              lazyGroup('shared-client', (id) => SHARED_CLIENT.test(id), false),
              lazyGroup('shared-ui', (id) => SHARED_UI.test(id) && !ON_DEMAND_UI.test(id), false),
              lazyGroup('shared-on-demand', (id) => ON_DEMAND_UI.test(id), true),
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
            // Each language's matcher data is a chunk of its own, named for its language.
            const language = /[\\/]search[\\/]lang[\\/]([a-z]+)\.js$/.exec(chunk.facadeModuleId);
            if (language) return `matcher-${language[1]}-[hash].js`;
            if (MATCHER.test(chunk.facadeModuleId)) return 'matcher-[hash].js';
            const view = /[\\/]packages[\\/](roadmap|feedback)[\\/]dist[\\/]lazy[\\/]mount-view-[^\\/]*\.js$/.exec(
              chunk.facadeModuleId,
            );
            if (view) return `${view[1]}-view-[hash].js`;
            // The feedback's form part, loaded on the launcher's intent after its view.
            if (/[\\/]packages[\\/]feedback[\\/]dist[\\/]lazy[\\/]form-part-[^\\/]*\.js$/.test(chunk.facadeModuleId)) {
              return 'feedback-form-[hash].js';
            }
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
