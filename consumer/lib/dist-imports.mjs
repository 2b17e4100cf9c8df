/** Which packages a package's published files import, against what its package.json declares. */
import { builtinModules } from 'node:module';

// `import.meta.resolve('x/…')` counts as a use: a package may read another's files (the server
// serves swagger-ui-dist's assets) without importing its code.
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\b(?:import\.meta|require)\.resolve\s*\(\s*)['"]([^'"\n]+)['"]/g;
const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or null for relative or built-in ones. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? null : name;
}

/** Every package a file's text imports (static, dynamic, re-exports, require) or resolves. */
export function importedPackages(text) {
  const names = new Set();
  for (const [, specifier] of text.matchAll(SPECIFIER)) {
    const name = packageOf(specifier);
    if (name) names.add(name);
  }
  return names;
}

/**
 * What is wrong between `files` (path → text) and `manifest` (package.json): a package imported
 * but not declared, or declared but imported nowhere. A declaration file's `import 'react'` is
 * satisfied by `@types/react`.
 */
export function dependencyProblems(manifest, files) {
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const used = new Set();
  const problems = [];
  for (const [path, text] of Object.entries(files)) {
    const typesOnly = path.endsWith('.d.ts');
    for (const name of importedPackages(text)) {
      if (name === manifest.name) continue;
      const typesName = `@types/${name.replace(/^@(.*)\/(.*)$/, '$1__$2')}`;
      const satisfiedBy = declared.has(name) ? name : typesOnly && declared.has(typesName) ? typesName : null;
      if (satisfiedBy) used.add(satisfiedBy);
      else problems.push(`${path} imports ${name}, which is not among its dependencies`);
    }
  }
  for (const name of declared) {
    if (!used.has(name)) problems.push(`depends on ${name}, which nothing it ships imports`);
  }
  return [...new Set(problems)];
}
