/**
 * Sizes of every browser entry point against its budget, min+gzip and brotli, and the same
 * measure for `@sentry/browser` with its feedback integration, bundled the same way in the same
 * run: esbuild bundles what a consumer's page imports from the packages' dist/, minified, ES
 * modules with code splitting. "Eager" is the static import closure of the entry (what loads
 * before any import()); "whole" follows dynamic imports too, leaving out only the chunks that
 * hold nothing but extra languages or the sanitizer fallback (DOMPurify), which load where needed.
 * The core client's entry points are measured the same way in core.bench.mjs.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KB = 1000;

/** esbuild as the toolchain already has it (Vite's optional peer), so nothing extra is installed. */
function loadEsbuild(root) {
  const vite = realpathSync(join(root, 'node_modules', 'vite', 'package.json'));
  return createRequire(vite)('esbuild');
}

/**
 * Code that loads only on demand and is outside the budgets by design: extra languages, the
 * sanitizer fallback (DOMPurify, for browsers without Element.setHTML) and the pass that strips
 * inline handlers and styles from changelog HTML that has them (htmlparser2 and its parts), which
 * loads only for such hostile text. The last is measured on its own row.
 */
const ON_DEMAND =
  /dompurify|[\\/]locales?[\\/]|htmlparser2|domhandler|domelementtype|[\\/]entities[\\/]|only-allowed-attributes/;
const onDemandOnly = (inputs) => inputs.length > 0 && inputs.every((input) => ON_DEMAND.test(input));

/**
 * Bundles `code` (an ES module importing what a page would) and returns per-chunk bytes with
 * the static import graph, so a caller can add up what loads at first and what loads later.
 */
async function bundle(esbuild, { code, resolveDir, workDir }) {
  const result = await esbuild.build({
    stdin: { contents: code, resolveDir, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    minify: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    absWorkingDir: workDir,
    outdir: 'out',
    entryNames: 'entry',
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    // Without this esbuild applies the repository's tsconfig `paths`, which point the packages at
    // their sources; a consumer bundles the published dist/.
    tsconfigRaw: '{}',
  });
  const chunks = new Map();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    const bytes = await readFile(join(workDir, file));
    chunks.set(file, {
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      imports: output.imports.filter((i) => !i.external),
      inputs: Object.keys(output.inputs),
      // Chunks reached by import() are entry points too; the page's own entry is the one named `entry`.
      entry: file === 'out/entry.js',
    });
  }
  const entry = [...chunks.keys()].find((file) => chunks.get(file).entry);
  if (!entry) throw new Error(`esbuild wrote no out/entry.js (outputs: ${[...chunks.keys()].join(', ')})`);
  return { chunks, entry };
}

/** Adds up the chunks reachable from the entry: static imports only, or also dynamic ones. */
function measure({ chunks, entry }, { followDynamic }) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    const chunk = chunks.get(file);
    if (!chunk || (followDynamic && onDemandOnly(chunk.inputs))) return;
    seen.add(file);
    for (const dep of chunk.imports) if (dep.kind === 'import-statement' || followDynamic) visit(dep.path);
  };
  visit(entry);
  let gzip = 0;
  let brotli = 0;
  for (const file of seen) {
    gzip += chunks.get(file).gzip;
    brotli += chunks.get(file).brotli;
  }
  return { gzip, brotli, files: seen.size, reached: [...seen] };
}

/** Shared with other bench modules (core.bench.mjs) so every size is measured the same way. */
export { bundle, loadEsbuild, measure };

/**
 * Where a page gets a widget's `define` from: the package's `./element` export when it has one
 * (the element alone, without the headless model), else its root export. Paths into dist/, as
 * a consumer's bundler resolves them.
 */
function elementEntry(root, name) {
  const dir = join(root, 'packages', name);
  const { exports = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const subpath = exports['./element'] ? './element' : '.';
  const target = exports[subpath];
  const file = typeof target === 'string' ? target : (target?.import ?? target?.default ?? './dist/index.js');
  return { file: join(dir, file), specifier: `@hearken/${name}${subpath.slice(1)}`, subpath };
}

export default async function sizes({ root }) {
  const esbuild = loadEsbuild(root);
  const entries = { roadmap: elementEntry(root, 'roadmap'), feedback: elementEntry(root, 'feedback') };
  const dist = (name) => JSON.stringify(entries[name].file);
  const from = (name) => `define from ${entries[name].specifier}`;
  const work = await mkdtemp(join(tmpdir(), 'hearken-sizes-'));
  const both = `import { define as roadmap } from ${dist('roadmap')};
    import { define as feedback } from ${dist('feedback')};
    roadmap(); feedback();`;
  // A package whose element has its own export also offers `define` from its root, beside the
  // headless model: what that costs is printed, without a budget.
  const roots = Object.entries(entries)
    .filter(([, entry]) => entry.subpath !== '.')
    .map(([name]) => ({
      name: `${name} element via @hearken/${name}, eager`,
      code: `import { define } from ${JSON.stringify(join(root, 'packages', name, 'dist', 'index.js'))}; define();`,
      followDynamic: false,
      what: `define from @hearken/${name}`,
    }));
  const cases = [
    {
      // What the page loads before any import(): the element class, its attributes and whatever
      // it paints before the rest arrives.
      name: 'roadmap element, eager',
      code: `import { define } from ${dist('roadmap')}; define();`,
      budget: 5,
      followDynamic: false,
      what: from('roadmap'),
    },
    {
      name: 'feedback element, eager',
      code: `import { define } from ${dist('feedback')}; define();`,
      budget: 5,
      followDynamic: false,
      what: from('feedback'),
    },
    ...roots,
    {
      // Every view and the upvote client count, though they load as separate chunks.
      name: 'roadmap element, whole',
      code: `import { define } from ${dist('roadmap')}; define();`,
      budget: 32,
      followDynamic: true,
      what: from('roadmap'),
    },
    {
      name: 'feedback element, whole',
      code: `import { define } from ${dist('feedback')}; define();`,
      budget: 30,
      followDynamic: true,
      what: from('feedback'),
    },
    {
      name: 'both elements on one page (shared code once)',
      code: both,
      budget: 42,
      followDynamic: true,
      both: true,
      what: `${from('roadmap')} and ${from('feedback')}`,
    },
    {
      name: 'changelog hostile-HTML pass (on demand, outside the budgets)',
      code: `import { withOnlyAllowedAttributes } from ${JSON.stringify(join(root, 'packages', 'ui', 'src', 'rich-text', 'only-allowed-attributes.ts'))}; console.log(withOnlyAllowedAttributes);`,
      followDynamic: false,
    },
    {
      name: 'hearken.js loader, before any element',
      code: `import ${JSON.stringify(join(root, 'packages', 'embed', 'src', 'hearken.ts'))};`,
      budget: 3,
      followDynamic: false,
    },
    {
      name: 'hearken.js with both elements (shared code once)',
      code: `import ${JSON.stringify(join(root, 'packages', 'embed', 'src', 'hearken.ts'))};`,
      followDynamic: true,
    },
    {
      name: '@sentry/browser + feedbackIntegration (reference)',
      code: `import { init, feedbackIntegration } from '@sentry/browser';
        init({ dsn: 'https://public@o0.ingest.sentry.io/0', integrations: [feedbackIntegration({ colorScheme: 'system' })] });`,
      followDynamic: false,
      reference: true,
    },
  ];

  const rows = [];
  const figures = {};
  try {
    for (const [index, item] of cases.entries()) {
      const workDir = join(work, String(index));
      await mkdir(workDir);
      const built = await bundle(esbuild, { code: item.code, resolveDir: join(root, 'bench'), workDir });
      const { gzip, brotli, files } = measure(built, item);
      figures[item.name] = { gzip, brotli, files };
      const note = [
        `${files} file${files === 1 ? '' : 's'}`,
        item.what,
        item.reference && 'reference, built the same way',
      ]
        .filter(Boolean)
        .join('; ');
      rows.push({
        group: 'size',
        metric: `${item.name} (min+gzip)`,
        value: gzip / KB,
        unit: 'kB',
        ...(item.budget === undefined ? {} : { budget: item.budget }),
        note,
      });
      rows.push({ group: 'size', metric: `${item.name} (brotli)`, value: brotli / KB, unit: 'kB', note });
    }
    const sentry = figures['@sentry/browser + feedbackIntegration (reference)'];
    const both = figures[cases.find((item) => item.both).name];
    if (sentry && both) {
      rows.push({
        group: 'size',
        metric: 'both elements vs @sentry/browser + feedbackIntegration (min+gzip)',
        value: both.gzip / sentry.gzip,
        unit: '×',
        budget: 1,
        note: `${(both.gzip / KB).toFixed(1)} kB vs ${(sentry.gzip / KB).toFixed(1)} kB`,
      });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return rows;
}
