import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const TEMPLATE_PREFIX = 'hearken-server-template-';

// A partial file younger than this may still be written by a process starting right now.
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Removes every cached template in `dir` but `keep`, and partial files abandoned by a process
 * that died mid-write. Each template is about 40 MB and a new one is made whenever the
 * migrations or PGlite change, so without this they pile up in the temp directory.
 * Best-effort: a file that cannot be removed is left for the next new template.
 */
export function pruneTemplates(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(TEMPLATE_PREFIX) || name === keep) continue;
    const path = join(dir, name);
    try {
      if (name.endsWith('.partial') && Date.now() - statSync(path).mtimeMs < ABANDONED_AFTER_MS) continue;
      rmSync(path, { force: true });
    } catch {
      // Gone already, or held by another process: nothing to do now.
    }
  }
}
