import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

const config = libraryConfig(import.meta.dirname, {
  entry: { index: 'src/index.ts', dom: 'src/dom.ts', 'rich-text': 'src/rich-text.ts', search: 'src/search.ts' },
});
// One file per module, so a bundler can take the Preact-free helpers (attribute reflection,
// stylesheet adoption, events) without the modules that import Preact.
config.build!.rollupOptions!.output = {
  preserveModules: true,
  preserveModulesRoot: 'src',
  entryFileNames: '[name].js',
};

export default defineConfig(config);
