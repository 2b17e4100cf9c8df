import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_OPTIONS } from './options.ts';

const readme = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');

/** The README's "Attributes (and properties)" table: the names in its attribute and property columns. */
function documented(): { attributes: string[]; properties: string[] } {
  const section = readme.split('## Attributes (and properties)')[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('|') && !line.startsWith('| ---'));
  const names = (cell = '') => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  const cells = rows.slice(1).map((row) => row.split('|').slice(1, 3));
  return {
    attributes: cells.flatMap(([attribute]) => names(attribute)).sort(),
    properties: cells.flatMap(([, property]) => names(property)).sort(),
  };
}

describe('the feedback option table', () => {
  it('is what the README lists: every attribute and every property, no more', () => {
    const { fields } = FEEDBACK_OPTIONS;
    const properties = Object.keys(fields).filter((name) => fields[name as keyof typeof fields].kind !== 'native');
    expect(documented()).toEqual({
      attributes: [...FEEDBACK_OPTIONS.attributes].sort(),
      properties: properties.sort(),
    });
  });
});
