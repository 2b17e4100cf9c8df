// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROADMAP_OPTIONS } from './options.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The cells of the first table after `heading`, header and rule left out. */
function tableAfter(markdown: string, heading: string): string[][] {
  const from = markdown.indexOf(`\n${heading}\n`);
  expect(from, heading).toBeGreaterThan(-1);
  const lines = markdown.slice(from).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start + 2, end).map((line) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

// Each option as the READMEs name it: its attribute (none for a property only) and its property.
const options = (Object.keys(ROADMAP_OPTIONS.fields) as (keyof typeof ROADMAP_OPTIONS.fields)[]).map((name) => ({
  attribute: ROADMAP_OPTIONS.fields[name].kind === 'property' ? null : ROADMAP_OPTIONS.attributeOf(name),
  property: name,
}));

describe('the READMEs’ option tables', () => {
  it('packages/roadmap/README.md lists every option of the table, in its order', () => {
    const rows = tableAfter(read('../README.md'), '## Attributes and properties');
    const code = (cell: string) => /^`([^`]+)`$/.exec(cell)?.[1] ?? null;
    expect(
      rows.map(([attribute = '', property = '']) => ({ attribute: code(attribute), property: code(property) })),
    ).toEqual(options);
  });

  it('the repository README lists every option of the table, in its order', () => {
    const rows = tableAfter(read('../../../README.md'), '### `<hearken-roadmap>`');
    const named = rows.map(([cell = '']) => {
      const attribute = /^`([^`]+)`/.exec(cell)?.[1] ?? null;
      return { attribute, property: /\(`([^`]+)`\)/.exec(cell)?.[1] ?? attribute };
    });
    expect(named).toEqual(options);
  });
});
