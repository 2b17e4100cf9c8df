/**
 * The changelog view's chunk as the loader imports it: the changelog view, and the roadmap view it
 * renders in. The eager element asks for it beside the view when the changelog is the first view,
 * so its `import()` sits in the eager code. webpack builds a chunk for each `import()` from what is
 * loaded where that call sits (here only the entry), so the changelog view alone gets its own copy
 * of Preact and of the view modules it shares. Named here, the view's modules are in this chunk's
 * group and in the view's, and webpack's default split puts them in chunks both load (Vite and
 * esbuild already share them); a page that shows the changelog loads nothing more than before.
 */
export * from './changelog-view.tsx';
export { mountView } from './mount-view.tsx';
