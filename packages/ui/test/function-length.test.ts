/**
 * No function in a widget's `model/` or `view/` runs over 120 lines: a longer one does several
 * jobs, and each new feature would edit it. Scans both widgets' sources (tests left out).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const MAX_LINES = 120;
const root = resolve(import.meta.dirname, '../../..');
const folders = ['feedback', 'roadmap'].flatMap((widget) =>
  ['model', 'view'].map((folder) => join(root, 'packages', widget, 'src', folder)),
);

/**
 * Functions still over the limit, each `path:name`, until they are split (issue 30). The test
 * fails when this list is out of date in either direction: a new long function, or one split
 * and still listed.
 */
const STILL_LONG: string[] = [];

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

function name(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  return '(anonymous)';
}

/** `path:name (lines)` of each function in `file` longer than the limit. */
function longFunctions(file: string): { id: string; lines: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { id: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_LINES) found.push({ id: `${relative(root, file)}:${name(node)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it(`finds no function over ${MAX_LINES} lines in either widget's model/ or view/ beyond those being split`, () => {
  const long = folders.flatMap(sources).flatMap(longFunctions);
  expect(long.map(({ id }) => id).sort()).toEqual([...STILL_LONG].sort());
});
