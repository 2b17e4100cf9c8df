import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A folder that ships beside the code (`drizzle/`, `assets/demo/`): next to `src/` in the
 * repository and next to `dist/` in the package, so walk up from this module until `folder`
 * holding `marker` appears.
 */
export function findPackageFolder(folder: string, marker: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, folder);
    if (existsSync(join(candidate, marker))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`@hearken/server: the ${folder} folder is missing`);
    dir = parent;
  }
}
