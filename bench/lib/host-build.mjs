/**
 * What an app that installs the packages gets: a tiny host app, built with Vite, esbuild or webpack, whose one module
 * imports what a page would through the packages' public names (`@hearken/roadmap`, `@sentry/browser`),
 * resolved through their `exports` maps to the built `dist/` as a consumer's bundler resolves them.
 *
 * The host lives in a temporary folder whose `node_modules` links each named package: the
 * workspace's own packages, or those installed for the bench (`bench/node_modules`). Each bundler
 * builds it as an app build of it would, minified and split at every `import()` (`host-bundlers.mjs`);
 * Vite in library mode, since an app build would add Vite's own preload helper to any entry that
 * has an `import()`, which is the host's code, not the package's.
 *
 * Chunks are measured one by one (min+gzip at level 9 and brotli at quality 11, as a CDN serves
 * them) with the import graph between them, so a caller adds up what loads at first (the entry and
 * its static imports) or once an element has rendered (following `import()` too).
 */
import { realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bundle } from './host-bundlers.mjs';

export const KB = 1000;

/**
 * Code that loads only where needed, and what of it a whole counts.
 *
 * Outside every whole, by design: languages other than English (a `locale`/`locales` folder, the
 * screenshot editor's included, and the matcher's language modules but English's, with Orama's
 * stemmer and stop words they import), the sanitizer fallback (DOMPurify, for browsers without
 * `Element.setHTML`) and the pass that strips inline handlers and styles from changelog HTML that
 * has them (htmlparser2), which loads only for such hostile text.
 *
 * Inside a whole, though loaded on demand ({@link ON_ACTION}): what an English page loads once the
 * user acts, the matcher (MiniSearch, `@hearken/ui/search`, with the English data) when a reader
 * types, and the feedback form's screenshot chunk (`src/screenshot/`) when a user asks for one.
 * Measured without them (`acted: false`), they are what the page has not loaded yet.
 */
const LOCALE = /[\\/]locales?[\\/]/;
const MATCHER_LANGUAGE = /[\\/]search[\\/]lang[\\/](\w+)\.[jt]sx?$/;
const LANGUAGE_DATA = /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@orama[\\/]/;
const SCREENSHOT = /[\\/]feedback[\\/](src[\\/]screenshot[\\/]|dist[\\/]lazy[\\/]screenshot-panel-)/;
const ON_DEMAND_PACKAGE = /[\\/]node_modules[\\/](dompurify|htmlparser2|minisearch)[\\/]/;

/** On-demand code that a whole counts: the matcher (typing) and the screenshot (asking for one). */
export const ON_ACTION = new Set(['minisearch', 'screenshot']);

/** A module that holds text or word lists of a language other than English. */
const otherLanguage = (id) => LOCALE.test(id) || (MATCHER_LANGUAGE.exec(id)?.[1] ?? 'en') !== 'en';

/**
 * What kind of on-demand code a chunk holds (`locale`, `dompurify`, `htmlparser2`, `minisearch`,
 * `screenshot`), or undefined.
 */
export function onDemandKind(sources) {
  // A language other than English: its own words, and the stemmer and stop words it brings.
  if (sources.some(otherLanguage) && sources.every((id) => otherLanguage(id) || LANGUAGE_DATA.test(id)))
    return 'locale';
  const dependency = sources.map((id) => ON_DEMAND_PACKAGE.exec(id)?.[1]).find(Boolean);
  if (dependency) return dependency;
  // A helper that only the screenshot code uses sits in its chunk and loads with it, on demand.
  if (sources.some((id) => SCREENSHOT.test(id))) return 'screenshot';
  return undefined;
}

/**
 * The source files behind a module: a built file that ships its source map (a package's `dist/`
 * that bundles others, as `@hearken/embed` does) is judged by the files its map names.
 */
async function sourcesOf(id, cache) {
  const file = id.replace(/\?.*$/, '');
  if (!cache.has(file)) {
    cache.set(
      file,
      readFile(`${file}.map`, 'utf8').then(
        (text) => {
          const map = JSON.parse(text);
          return map.sources.map((source) => resolve(dirname(file), map.sourceRoot ?? '', source));
        },
        () => [file],
      ),
    );
  }
  return cache.get(file);
}

/** The package's folder: a workspace package (`@hearken/x`) or one the bench installs. */
function packageDir(root, name) {
  const workspace = /^@hearken\/(.+)$/.exec(name);
  if (workspace) return join(root, 'packages', workspace[1]);
  return dirname(realpathSync(join(root, 'bench', 'node_modules', name, 'package.json')));
}

/**
 * Builds a host app whose entry is `code`, importing only `packages` (bare names), with `bundler`
 * (`vite`, the default, `esbuild` or `webpack`; see `host-bundlers.mjs`).
 * @returns {Promise<{ chunks: Map<string, Chunk>, entry: string }>} per chunk: gzip and brotli
 *   bytes, static `imports`, `dynamicImports`, the `kind` of on-demand code it holds if any,
 *   whether it is the entry, its `code`, and the source files behind it (`sources`).
 */
export async function hostBuild(root, { code, packages, bundler = 'vite' }) {
  const work = await mkdtemp(join(tmpdir(), 'hearken-host-'));
  try {
    for (const name of packages) {
      const link = join(work, 'node_modules', name);
      await mkdir(dirname(link), { recursive: true });
      await symlink(packageDir(root, name), link, 'dir');
    }
    await writeFile(join(work, 'package.json'), '{ "private": true, "type": "module" }\n');
    const entryFile = join(work, 'main.js');
    await writeFile(entryFile, code);
    const output = await bundle(bundler, root, work, entryFile);
    const chunks = new Map();
    const maps = new Map();
    for (const item of output) {
      const sources = (await Promise.all(item.moduleIds.map((id) => sourcesOf(id, maps)))).flat();
      chunks.set(item.fileName, {
        gzip: gzipSync(item.code, { level: 9 }).length,
        brotli: brotliCompressSync(item.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        imports: item.imports,
        dynamicImports: item.dynamicImports,
        kind: onDemandKind(sources),
        sources,
        isEntry: item.isEntry,
        code: item.code,
      });
    }
    const entry = [...chunks.keys()].find((file) => chunks.get(file).isEntry);
    if (!entry) throw new Error(`${bundler} wrote no entry chunk (chunks: ${[...chunks.keys()].join(', ')})`);
    return { chunks, entry };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** `file` and the chunks it imports statically, leaving out those in `loaded`. */
function closure(built, file, loaded) {
  const found = new Set();
  const visit = (name) => {
    if (found.has(name) || loaded.has(name) || !built.chunks.has(name)) return;
    found.add(name);
    for (const next of built.chunks.get(name).imports) visit(next);
  };
  visit(file);
  return found;
}

/**
 * Adds up the chunks that load from `from` (default: the entry): its static imports only, or with
 * `followDynamic` also what it reaches through `import()`. An `import()` is on demand, and left
 * out, when at least half of what it would newly load (min+gzip) is on-demand code (languages,
 * DOMPurify, htmlparser2, and without `acted` the matcher and the screenshot): so a chunk that
 * merely wraps such code goes with it, while on-demand code pulled into an element's own chunk
 * still counts. With `acted` (a whole), what loads once the user acts ({@link ON_ACTION}) counts
 * too. `skip` holds chunks not to count.
 */
export function measure(built, { followDynamic, acted = false, from = [built.entry], skip = new Set() }) {
  const loaded = new Set();
  const leftOut = new Map();
  const queue = [];
  const fresh = (file) => closure(built, file, new Set([...loaded, ...skip]));
  const bytes = (files) => files.reduce((sum, file) => sum + built.chunks.get(file).gzip, 0);
  const load = (files) => {
    for (const file of files) {
      loaded.add(file);
      leftOut.delete(file);
      queue.push(file);
    }
  };
  for (const file of from) load(fresh(file));
  while (followDynamic && queue.length > 0) {
    for (const target of built.chunks.get(queue.shift()).dynamicImports) {
      const files = [...fresh(target)];
      if (files.length === 0) continue;
      const onDemand = files.filter((file) => {
        const { kind } = built.chunks.get(file);
        return kind && !(acted && ON_ACTION.has(kind));
      });
      if (bytes(onDemand) * 2 < bytes(files)) {
        load(files);
        continue;
      }
      const kind = [...new Set(onDemand.map((file) => built.chunks.get(file).kind))].join('+');
      for (const file of files) leftOut.set(file, kind);
    }
  }
  let gzip = 0;
  let brotli = 0;
  for (const file of loaded) {
    gzip += built.chunks.get(file).gzip;
    brotli += built.chunks.get(file).brotli;
  }
  return { gzip, brotli, files: loaded.size, reached: loaded, leftOut };
}

/**
 * The source files that sit in more than one of the `files` (chunks): code a page loading them all
 * downloads twice. By source file, beside the chunks that hold it.
 */
export function copiedSources(built, files) {
  const holders = new Map();
  for (const file of files) {
    for (const source of new Set(built.chunks.get(file).sources)) {
      holders.set(source, [...(holders.get(source) ?? []), file]);
    }
  }
  return new Map([...holders].filter(([, chunks]) => chunks.length > 1));
}

/** "left out, on demand: locale (4 chunks) 3.2 kB, dompurify 11.4 kB", for a row's note. */
export function describeLeftOut(built, leftOut) {
  const byReason = new Map();
  for (const [file, why] of leftOut) {
    const entry = byReason.get(why) ?? { count: 0, gzip: 0 };
    entry.count++;
    entry.gzip += built.chunks.get(file).gzip;
    byReason.set(why, entry);
  }
  if (byReason.size === 0) return undefined;
  const parts = [...byReason].map(
    ([why, { count, gzip }]) => `${why}${count > 1 ? ` (${count} chunks)` : ''} ${(gzip / KB).toFixed(1)} kB`,
  );
  return `left out, on demand: ${parts.join(', ')}`;
}
