#!/usr/bin/env node
/**
 * After `vite build`: writes the classic snippet, generated from the typed installer in
 * dist/index.js and minified, as `dist/snippet.min.js` (a file to serve beside hearken.js, which
 * then finds the module next to itself) and `dist/snippet.html` (the inline form to paste).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'vite';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const { snippetScript } = await import(join(dist, 'index.js'));

async function minified(src) {
  const { code, errors } = await minify('snippet.js', snippetScript(src), { compress: true, mangle: true });
  if (errors.length > 0) throw new Error(`Minifying the snippet failed: ${errors.map((e) => e.message).join('; ')}`);
  return code.trim();
}

writeFileSync(join(dist, 'snippet.min.js'), `${await minified()}\n`);
writeFileSync(
  join(dist, 'snippet.html'),
  `<!-- Set the URL to where you serve hearken.js; add nonce="..." when your CSP uses nonces. -->\n<script>${await minified('https://example.com/hearken/hearken.js')}</script>\n`,
);
