import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { findMigrations } from '../src/db/open.ts';
import { pruneTemplates, TEMPLATE_PREFIX } from './prune-templates.ts';

let made: Promise<Blob> | undefined;

/**
 * A dump of a migrated embedded database, for `openDatabase({ template })`. Creating a PGlite
 * cluster (initdb) costs seconds of CPU; loading a dump costs a fraction of that. The dump is
 * cached on disk ({@link templateFile}), so every test file after the first starts from it.
 */
export function migratedTemplate(): Promise<Blob> {
  made ??= templateFile().then((file) => new Blob([readFileSync(file)]));
  return made;
}

/**
 * The path of the cached dump, keyed by the PGlite version and the migrations; made first when
 * missing. The test run's global setup calls this alone, so it holds no copy of the dump.
 */
export async function templateFile(): Promise<string> {
  const migrationsFolder = findMigrations();
  const key = createHash('sha256').update(pgliteVersion());
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) key.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  const cacheName = `${TEMPLATE_PREFIX}${key.digest('hex').slice(0, 16)}.tar`;
  const cacheFile = join(tmpdir(), cacheName);
  if (existsSync(cacheFile)) return cacheFile;
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    // Write then rename, so a concurrent reader never sees half a file.
    const partial = `${cacheFile}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, cacheFile);
    pruneTemplates(tmpdir(), cacheName);
    return cacheFile;
  } finally {
    await client.close();
  }
}

/**
 * PGlite's version, read from its package.json next to its resolved entry point (resolved with
 * `require`: Vitest's global setup runs in Vite's module runner, which has no `import.meta.resolve`).
 */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? dir;
}
