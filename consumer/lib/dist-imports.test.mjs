import { describe, expect, it } from 'vitest';
import { dependencyProblems, importedPackages, packageOf } from './dist-imports.mjs';

describe('packageOf', () => {
  it('names the package of a bare specifier and skips relative and built-in ones', () => {
    expect(packageOf('@hearken/ui/dom')).toBe('@hearken/ui');
    expect(packageOf('preact/hooks')).toBe('preact');
    expect(packageOf('./element.js')).toBeNull();
    expect(packageOf('node:http')).toBeNull();
    expect(packageOf('crypto')).toBeNull();
  });
});

describe('importedPackages', () => {
  it('finds static, dynamic and re-exported imports and require calls', () => {
    const text = `import { h } from "preact";\nexport * from '@hearken/core';\nconst p = import('dompurify');\nimport './side.js';\nrequire("ioredis")`;
    expect([...importedPackages(text)].sort()).toEqual(['@hearken/core', 'dompurify', 'ioredis', 'preact']);
  });

  it('counts a package whose files are resolved but not imported', () => {
    const text = `const dir = import.meta.resolve('swagger-ui-dist/package.json');\nrequire.resolve("pg/lib")`;
    expect([...importedPackages(text)].sort()).toEqual(['pg', 'swagger-ui-dist']);
  });
});

describe('dependencyProblems', () => {
  it('accepts exactly the packages the files import, @types peers for declaration files', () => {
    const manifest = {
      name: '@hearken/roadmap',
      dependencies: { preact: '1' },
      peerDependencies: { '@types/react': '19' },
    };
    expect(
      dependencyProblems(manifest, {
        'dist/index.js': "import { h } from 'preact';",
        'dist/react.d.ts': "import type * as React from 'react';",
      }),
    ).toEqual([]);
  });

  it('names a missing and an unused dependency', () => {
    const manifest = { name: '@hearken/embed', dependencies: { '@hearken/roadmap': '1' } };
    expect(dependencyProblems(manifest, { 'dist/index.js': "import x from 'preact';" })).toEqual([
      'dist/index.js imports preact, which is not among its dependencies',
      'depends on @hearken/roadmap, which nothing it ships imports',
    ]);
  });
});
