import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLERS, bundle } from './host-bundlers.mjs';

const root = join(import.meta.dirname, '..', '..');
let work;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'hearken-bundlers-test-'));
  await writeFile(join(work, 'package.json'), '{ "private": true, "type": "module" }\n');
  await writeFile(join(work, 'shared.js'), "export const greet = (name) => 'hello ' + name;\n");
  await writeFile(
    join(work, 'late.js'),
    "import { greet } from './shared.js';\nexport const late = () => greet('later');\n",
  );
  await writeFile(
    join(work, 'main.js'),
    "import { greet } from './shared.js';\ndocument.title = greet('now');\nexport const later = () => import('./late.js');\n",
  );
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe.each(BUNDLERS)('bundle with %s', (bundler) => {
  it('names the entry, what it loads at once and what it loads on import()', async () => {
    const chunks = await bundle(bundler, root, work, join(work, 'main.js'));
    const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const entries = chunks.filter((chunk) => chunk.isEntry);
    expect(entries).toHaveLength(1);
    const entry = entries[0];
    const atOnce = [entry, ...entry.imports.map((name) => byName.get(name))];
    expect(atOnce.flatMap((chunk) => chunk.moduleIds)).toContain(join(work, 'shared.js'));
    expect(atOnce.flatMap((chunk) => chunk.moduleIds)).not.toContain(join(work, 'late.js'));
    const later = entry.dynamicImports.map((name) => byName.get(name));
    expect(later.flatMap((chunk) => chunk.moduleIds)).toContain(join(work, 'late.js'));
    for (const chunk of chunks) expect(chunk.code.length, chunk.fileName).toBeGreaterThan(0);
  }, 120_000);
});
