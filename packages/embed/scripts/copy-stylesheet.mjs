#!/usr/bin/env node
/**
 * After `vite build`: copies the roadmap's light-DOM stylesheet (`@hearken/roadmap/roadmap.css`,
 * what a page links in its head so the roadmap's first paint waits for no shadow-root stylesheet)
 * to `dist/roadmap.css`, so the files a site serves for the script tag include it.
 */
import { copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
copyFileSync(fileURLToPath(import.meta.resolve('@hearken/roadmap/roadmap.css')), join(dist, 'roadmap.css'));
