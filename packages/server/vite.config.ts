import { defineConfig } from 'vite';
import { libraryConfig } from '../../vite.config.ts';

export default defineConfig(
  libraryConfig(import.meta.dirname, {
    commands: { 'hearken-server': 'src/cli.ts' },
    bundled: ['@hearken/service'],
  }),
);
