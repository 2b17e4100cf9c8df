import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

const config = libraryConfig(import.meta.dirname);
// One file per module, so a bundler can take the Preact-free helpers (attribute reflection,
// stylesheet adoption, events) without the modules that import Preact.
config.build!.rollupOptions!.output = {
  preserveModules: true,
  preserveModulesRoot: 'src',
  entryFileNames: '[name].js',
};

export default defineConfig(config);
