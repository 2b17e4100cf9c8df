/**
 * The three bundlers a host app may build with, each as an app build of it is set up by default
 * (production mode, minified, code split at every `import()`), all giving the same account of
 * what they wrote: per chunk its file name, code, the chunks it loads at once (`imports`) and
 * on `import()` (`dynamicImports`), whether it is the entry, and the modules in it (`moduleIds`,
 * absolute paths).
 *
 * - Vite (Rolldown): library mode, ES modules; the way the packages themselves are built.
 * - esbuild (what Angular's application builder and many tools use): ES modules with splitting.
 * - webpack 5: its own chunk loader; the chunks of one `import()` load side by side, so a chunk's
 *   `imports` are the chunks it always loads with (its siblings).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const BUNDLERS = ['vite', 'esbuild', 'webpack'];

const PRODUCTION = { 'process.env.NODE_ENV': '"production"' };

/** A bundler installed for the bench (`bench/node_modules`), or Vite from the workspace root. */
async function load(root, name) {
  const from = name === 'vite' ? join(root, 'package.json') : join(root, 'bench', 'package.json');
  const module = await import(pathToFileURL(createRequire(from).resolve(name)).href);
  return module.default ?? module;
}

async function viteBuild(root, work, entryFile) {
  const { build } = await import(pathToFileURL(createRequire(join(root, 'package.json')).resolve('vite')).href);
  const result = await build({
    root: work,
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    mode: 'production',
    define: PRODUCTION,
    build: {
      write: false,
      lib: { entry: entryFile, formats: ['es'], fileName: 'main' },
      rolldownOptions: { output: { minify: true, comments: false } },
    },
  });
  return (Array.isArray(result) ? result : [result])
    .flatMap((item) => item.output)
    .filter((item) => item.type === 'chunk')
    .map((item) => ({
      fileName: item.fileName,
      code: item.code,
      imports: item.imports,
      dynamicImports: item.dynamicImports,
      isEntry: item.isEntry,
      moduleIds: item.moduleIds,
    }));
}

async function esbuildBuild(root, work, entryFile) {
  const esbuild = await load(root, 'esbuild');
  const outdir = join(work, 'dist');
  const result = await esbuild.build({
    absWorkingDir: work,
    entryPoints: [entryFile],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: PRODUCTION,
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  const name = (path) => resolve(work, path).slice(outdir.length + 1);
  return Object.entries(result.metafile.outputs)
    .filter(([path]) => path.endsWith('.js'))
    .map(([path, output]) => ({
      fileName: name(path),
      code: code.get(resolve(work, path)),
      imports: output.imports.filter((item) => item.kind === 'import-statement').map((item) => name(item.path)),
      dynamicImports: output.imports.filter((item) => item.kind === 'dynamic-import').map((item) => name(item.path)),
      // Every `import()` target is an entry point to esbuild; the host's entry is the one asked for.
      isEntry: Boolean(output.entryPoint) && resolve(work, output.entryPoint) === entryFile,
      moduleIds: Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([input]) => resolve(work, input)),
    }));
}

/** The files behind a module in webpack's stats, a concatenated module's parts included. */
function modulePaths(module) {
  const own = module.nameForCondition ? [module.nameForCondition] : [];
  return [...new Set([...own, ...(module.modules ?? []).flatMap(modulePaths)])];
}

async function webpackBuild(root, work, entryFile) {
  const webpack = await load(root, 'webpack');
  const outdir = join(work, 'dist');
  const compiler = webpack({
    mode: 'production',
    context: work,
    entry: { main: entryFile },
    target: ['web', 'es2022'],
    devtool: false,
    output: { path: outdir, filename: '[name].js', chunkFilename: '[name]-[contenthash:8].js', clean: true },
    // An installed package has no tsconfig beside it; here the workspace's `paths` would send
    // webpack to the packages' sources instead of their `exports`.
    resolve: { tsconfig: false },
    plugins: [new webpack.DefinePlugin(PRODUCTION)],
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
  });
  const stats = await new Promise((done, fail) =>
    compiler.run((error, result) => {
      compiler.close(() => {});
      if (error) fail(error);
      else if (result.hasErrors())
        fail(new Error(result.toString({ all: false, errors: true, moduleTrace: true, errorDetails: true })));
      else done(result);
    }),
  );
  const json = stats.toJson({
    all: false,
    ids: true,
    chunks: true,
    chunkModules: true,
    chunkRelations: true,
    nestedModules: true,
    // Without these, modules webpack counts as cached or dependent are left off the lists.
    cachedModules: true,
    dependentModules: true,
    orphanModules: true,
    runtimeModules: false,
    // Every module listed, none folded into "n more".
    chunkModulesSpace: Number.POSITIVE_INFINITY,
    nestedModulesSpace: Number.POSITIVE_INFINITY,
  });
  const fileOf = new Map(json.chunks.map((chunk) => [chunk.id, chunk.files.find((file) => file.endsWith('.js'))]));
  const files = (ids) => ids.map((id) => fileOf.get(id)).filter(Boolean);
  return Promise.all(
    json.chunks.map(async (chunk) => ({
      fileName: fileOf.get(chunk.id),
      code: await readFile(join(outdir, fileOf.get(chunk.id)), 'utf8'),
      imports: files(chunk.siblings ?? []),
      dynamicImports: files(chunk.children ?? []),
      isEntry: chunk.entry,
      moduleIds: (chunk.modules ?? []).flatMap(modulePaths),
    })),
  );
}

const builders = { vite: viteBuild, esbuild: esbuildBuild, webpack: webpackBuild };

/** Builds the host app in `work` whose entry is `entryFile` with `bundler`; the chunks as above. */
export function bundle(bundler, root, work, entryFile) {
  const builder = builders[bundler];
  if (!builder) throw new Error(`No such bundler: ${bundler} (one of ${BUNDLERS.join(', ')})`);
  return builder(root, work, entryFile);
}
