/**
 * The workspace's packages as a user meets them: by their public names (`@hearken/server`,
 * `@hearken/embed/hearken.js`) through each package's `exports` map, and its commands through
 * `bin`, so no bench names a file inside a package.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const packageJson = (root, name) => join(root, 'packages', name.replace(/^@hearken\//, ''), 'package.json');
const packageName = (specifier) => specifier.split('/').slice(0, 2).join('/');

/** The file `specifier` (`@hearken/x` or `@hearken/x/subpath`) resolves to, as Node resolves it. */
export function resolvePackage(root, specifier) {
  // A package may import itself by name through its own `exports`.
  return createRequire(packageJson(root, packageName(specifier))).resolve(specifier);
}

/** The file URL of `specifier`, for `import()`. */
export function packageUrl(root, specifier) {
  return pathToFileURL(resolvePackage(root, specifier)).href;
}

/** The script of the command `command` that package `name` installs (`bin`). */
export function packageBin(root, name, command) {
  const file = packageJson(root, name);
  const { bin } = JSON.parse(readFileSync(file, 'utf8'));
  const target = typeof bin === 'string' ? bin : bin?.[command];
  if (!target) throw new Error(`${name} installs no command ${command}`);
  return join(dirname(file), target);
}
