/**
 * Shared Vite library-mode settings. Every package's own `vite.config.ts` calls
 * `libraryConfig(import.meta.dirname)` so builds stay alike: ESM only, `.d.ts`
 * beside the code, and every runtime dependency (and peer) left external for the
 * consumer's bundler to dedupe; devDependencies are bundled.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';
import dts from 'vite-plugin-dts';

/**
 * The export condition naming each entry's TypeScript source in the workspace's `package.json`
 * files. Type checks (`customConditions`), unit tests and build-time helpers resolve sibling
 * packages through it, so no build is needed first; `.pnpmfile.cjs` strips it when packing.
 */
export const SOURCE_CONDITION = 'source';

/** Vite's `resolve` settings that read sibling packages from their sources (browser and Node). */
export const sourceResolve = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
};

export interface LibraryOptions {
  /**
   * Which `exports` subpaths this build makes (`['.']`). Default: every one with a `source`
   * condition. Each entry's name is its `default` file under `dist/` (`./dist/model.js` is `model`).
   */
  exports?: string[];
  /** Sources of the package's commands, by their name in `bin` (whose file names the entry). */
  commands?: Record<string, string>;
  /** Minify the output (for files served as-is, like the script-tag embed). Default false. */
  minify?: boolean;
  /**
   * Put code reached only by `import()` under `lazy/` (languages under `lazy/locales/`), so size
   * budgets can tell what an element loads at once from what it loads later. Default false.
   */
  lazyChunks?: boolean;
  /**
   * Sources (globs relative to the package) that get no declaration file: modules only a file
   * served to browsers as-is imports, which name packages a consumer of the types does not install.
   */
  undeclared?: string[];
  /**
   * Private workspace packages (never published, like `@hearken/service`) this package ships inside
   * its own dist: their code is bundled like any devDependency, and their declarations are written
   * under `dist/<name without scope>/`, which this package's declarations import relatively.
   */
  bundled?: string[];
}

/** Where a bundled package's sources are, and where its declarations go in this package's dist. */
function bundledPlaces(dir: string, bundled: string[]) {
  return bundled.map((name) => ({
    name,
    source: resolve(dirname(realpathSync(resolve(dir, 'node_modules', name, 'package.json'))), 'src'),
    target: resolve(dir, 'dist', name.replace(/^@[^/]+\//, '')),
  }));
}

/**
 * Moves a bundled package's declarations (emitted beside its sources, outside this dist) into
 * this dist, and points this package's imports of it there.
 */
function placeBundled(places: ReturnType<typeof bundledPlaces>, outDir: string) {
  return (filePath: string, content: string) => {
    let path = filePath;
    if (relative(outDir, filePath).startsWith('..')) {
      for (const { source, target } of places) {
        // Emitted under this package as `<bundled package folder>/src/...`.
        const marker = `/${basename(dirname(source))}/src/`;
        const at = filePath.lastIndexOf(marker);
        if (at >= 0) path = resolve(target, filePath.slice(at + marker.length));
      }
    }
    let rewritten = content;
    for (const { name, target } of places) {
      const index = relative(dirname(path), resolve(target, 'index.ts'));
      rewritten = rewritten.replaceAll(`'${name}'`, `'${index.startsWith('.') ? index : `./${index}`}'`);
    }
    return { filePath: path, content: rewritten };
  };
}

type ChunkInfo = { isDynamicEntry: boolean; facadeModuleId: string | null };

function lazyChunkFileNames(chunk: ChunkInfo): string {
  if (!chunk.isDynamicEntry) return '[name]-[hash].js';
  return chunk.facadeModuleId?.includes('/locales/') ? 'lazy/locales/[name]-[hash].js' : 'lazy/[name]-[hash].js';
}

export interface PackageJson {
  name: string;
  exports?: Record<string, string | Record<string, string>>;
  bin?: string | Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** `./dist/rich-text.js` -> `rich-text`: the name that makes the build write that very file. */
function entryName(file: string, what: string): string {
  const name = /^\.\/dist\/(.+)\.js$/.exec(file)?.[1];
  if (!name) throw new Error(`${what} is ${file}: a build entry must be a .js file under ./dist/`);
  return name;
}

/**
 * The build's entries, name to source file (relative to the package), read from `package.json`:
 * each export with a `source` condition (or only those named) and each command of `commands`.
 */
export function libraryEntries(
  pkg: PackageJson,
  only?: string[],
  commands: Record<string, string> = {},
): Record<string, string> {
  const entries: Record<string, string> = {};
  const built = Object.entries(pkg.exports ?? {}).filter(
    (pair): pair is [string, Record<string, string>] => typeof pair[1] !== 'string' && SOURCE_CONDITION in pair[1],
  );
  for (const subpath of only ?? []) {
    if (!built.some(([name]) => name === subpath)) throw new Error(`${pkg.name} has no ${subpath} export to build`);
  }
  for (const [subpath, target] of built) {
    if (only && !only.includes(subpath)) continue;
    entries[entryName(target.default ?? '', `${pkg.name} export ${subpath}`)] = target[SOURCE_CONDITION] ?? '';
  }
  for (const [command, source] of Object.entries(commands)) {
    const file = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.[command];
    if (!file) throw new Error(`${pkg.name} installs no command ${command}`);
    entries[entryName(file, `${pkg.name} command ${command}`)] = source;
  }
  return entries;
}

export function libraryConfig(dir: string, options: LibraryOptions = {}): UserConfig {
  const pkg = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')) as PackageJson;
  const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
  const places = bundledPlaces(dir, options.bundled ?? []);
  const entry = Object.fromEntries(
    Object.entries(libraryEntries(pkg, options.exports, options.commands)).map(([name, file]) => [
      name,
      resolve(dir, file),
    ]),
  );
  return {
    root: dir,
    plugins: [
      dts({
        tsconfigPath: resolve(dir, 'tsconfig.json'),
        entryRoot: resolve(dir, 'src'),
        exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/test-helpers.ts', ...(options.undeclared ?? [])],
        ...(places.length > 0
          ? {
              include: ['src', ...places.map(({ source }) => relative(dir, source))],
              // Through its real sources, not the workspace link, so its declarations are emitted here;
              // `placeBundled` then points this package's imports at them.
              compilerOptions: {
                paths: Object.fromEntries(places.map(({ name, source }) => [name, [resolve(source, 'index.ts')]])),
              },
              pathsToAliases: false,
              beforeWriteFile: placeBundled(places, resolve(dir, 'dist')),
            }
          : {}),
      }),
    ],
    build: {
      target: 'es2022',
      outDir: resolve(dir, 'dist'),
      emptyOutDir: true,
      sourcemap: true,
      minify: options.minify ?? false,
      lib: { entry, formats: ['es'] },
      rollupOptions: {
        external: (id) => deps.some((dep) => id === dep || id.startsWith(`${dep}/`)) || id.startsWith('node:'),
        ...(options.lazyChunks ? { output: { chunkFileNames: lazyChunkFileNames } } : {}),
      },
    },
  };
}
