import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneTemplates, TEMPLATE_PREFIX } from './prune-templates.ts';

describe('pruneTemplates', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the current template, unrelated files and partial writes in progress; removes older templates and abandoned partials', () => {
    dir = mkdtempSync(join(tmpdir(), 'hearken-prune-'));
    const current = `${TEMPLATE_PREFIX}aaaa.tar`;
    const writing = `${TEMPLATE_PREFIX}dddd.tar.7.partial`;
    const abandoned = `${TEMPLATE_PREFIX}cccc.tar.123.partial`;
    for (const name of [current, `${TEMPLATE_PREFIX}bbbb.tar`, writing, abandoned, 'other.tar']) {
      writeFileSync(join(dir, name), 'x');
    }
    const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
    utimesSync(join(dir, abandoned), twoHoursAgo, twoHoursAgo);
    pruneTemplates(dir, current);
    expect(readdirSync(dir).sort()).toEqual([current, writing, 'other.tar']);
  });
});
