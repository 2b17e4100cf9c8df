/**
 * @hearken/core/constants: the API's constants and the widgets' storage keys, with no schema,
 * transport or client behind them, for code that loads before anything else (an element's eager
 * part). Importing the root entry there instead would let a bundler that splits by shared module
 * (esbuild, webpack) pull zod, ky and the transport into the eager chunk.
 */
// Whole leaf modules, so that a name added to one is here without being restated.
export * from './contract/changelog-anchor.ts';
export * from './contract/constants.ts';
export * from './contract/storage-keys.ts';
