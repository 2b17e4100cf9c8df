import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryEntries, SOURCE_CONDITION } from '../vite.config.ts';

const root = join(import.meta.dirname, '..');
const { withoutSource } = createRequire(import.meta.url)('../.pnpmfile.cjs');
const packages = readdirSync(join(root, 'packages')).map((dir) => ({
  dir,
  pkg: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')),
}));
const published = packages.filter(({ pkg }) => !pkg.private);

describe('entries declared once, in each package.json', () => {
  it.each(published)('every module export of $dir names its source, and the source exists', ({ dir, pkg }) => {
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(target, `${pkg.name} ${subpath}`).toHaveProperty(SOURCE_CONDITION);
      // First, so TypeScript's customConditions picks it before `types`.
      expect(Object.keys(target)[0], `${pkg.name} ${subpath}`).toBe(SOURCE_CONDITION);
      expect(existsSync(join(root, 'packages', dir, target[SOURCE_CONDITION])), target[SOURCE_CONDITION]).toBe(true);
    }
  });

  it('builds each export with a source under the name of its file in dist/, and each command under its bin file', () => {
    const pkg = {
      name: '@hearken/x',
      exports: {
        '.': { source: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
        './model': { source: './src/model/index.ts', types: './dist/model/index.d.ts', default: './dist/model.js' },
        './x.css': './dist/x.css',
      },
      bin: { x: './dist/cli.js' },
    };
    expect(libraryEntries(pkg, undefined, { x: 'src/node/cli.ts' })).toEqual({
      index: './src/index.ts',
      model: './src/model/index.ts',
      cli: 'src/node/cli.ts',
    });
    expect(libraryEntries(pkg, ['./model'])).toEqual({ model: './src/model/index.ts' });
    expect(() => libraryEntries(pkg, ['./missing'])).toThrow('@hearken/x has no ./missing export to build');
    expect(() => libraryEntries(pkg, undefined, { y: 'src/y.ts' })).toThrow('installs no command y');
    const outside = { name: '@hearken/x', exports: { '.': { source: './src/index.ts', default: './index.js' } } };
    expect(() => libraryEntries(outside)).toThrow('a build entry must be a .js file under ./dist/');
  });
});

describe('packing (.pnpmfile.cjs)', () => {
  it('drops the source condition, leaving each export as it was before the condition was added', () => {
    const embed = packages.find(({ dir }) => dir === 'embed').pkg;
    const packed = withoutSource(embed.exports);
    expect(JSON.stringify(packed)).not.toContain(`"${SOURCE_CONDITION}"`);
    expect(packed['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(packed['./hearken.js']).toBe('./dist/hearken.js');
    expect(packed['./snippet.html']).toBe('./dist/snippet.html');
  });
});
