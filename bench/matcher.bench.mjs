/**
 * The similar-issue matcher (`@hearken/ui/search`): top-3 recall and the share of unrelated drafts
 * shown a suggestion on the held-out half of the inbox drafts (`matcher/inbox.ts`), per language, against the
 * issues of their product; index build and per-keystroke ranking time for
 * 1,000 issues. The matcher's TypeScript runs through Vite's module runner. Then the size of the
 * matcher as an app's bundler ships it (its own lazy chunk and the page language's data), beside
 * Orama's core alone (rejected, a bench devDependency only).
 */
import { join } from 'node:path';
import { hostBuild, KB, measure } from './lib/host-build.mjs';

const group = 'matcher';

/** The matcher's chunk before its languages were split, for the row's note (issue 35). */
const BEFORE_KB = 20.1;

const LANGUAGE_CHUNK = /[\\/]search[\\/]lang[\\/](\w+)\.[jt]s$/;

/**
 * The matcher as an app's bundler ships it: the chunk a page loads when a reader types, and the
 * language chunk it then loads, English on an English page; the others beside it, each loaded
 * only by a page in that language.
 */
async function matcherSizes(root) {
  const built = await hostBuild(root, {
    code: `import { buildIssueIndex } from '@hearken/ui/search';\nglobalThis.build = buildIssueIndex;\n`,
    packages: ['@hearken/ui'],
  });
  const languages = new Map();
  for (const [file, chunk] of built.chunks) {
    const language = chunk.sources.map((source) => LANGUAGE_CHUNK.exec(source)?.[1]).find(Boolean);
    if (language) languages.set(language, file);
  }
  if (!languages.has('en')) throw new Error(`no English language chunk among ${[...built.chunks.keys()].join(', ')}`);
  const core = measure(built, { followDynamic: false });
  const english = measure(built, { followDynamic: false, from: [built.entry, languages.get('en')] });
  const others = [...languages]
    .filter(([language]) => language !== 'en')
    .map(([language, file]) => {
      const own = measure(built, { followDynamic: false, from: [file], skip: core.reached });
      return `${language} ${(own.gzip / KB).toFixed(1)} kB`;
    });
  return [
    {
      group,
      metric: 'matcher on an English page: @hearken/ui/search and its English data (min+gzip)',
      value: english.gzip / KB,
      unit: 'kB',
      note: `was ${BEFORE_KB} kB with all five languages; search chunk ${(core.gzip / KB).toFixed(1)} kB, English ${((english.gzip - core.gzip) / KB).toFixed(1)} kB; other languages on their own pages only: ${others.join(', ')}; loaded when a reader types, outside the elements\u2019 whole sizes`,
    },
  ];
}

const ORAMA = {
  metric: 'Orama core alone, create/insertMultiple/search (min+gzip)',
  host: {
    code: `import { create, insertMultiple, search } from '@orama/orama';\nglobalThis.orama = { create, insertMultiple, search };\n`,
    packages: ['@orama/orama'],
  },
  note: 'rejected, for comparison: without any language data',
};

export default async function matcher({ root }) {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport(join(root, 'bench/matcher/compare.ts'));
  const rows = await module.matcherRows();
  try {
    rows.push(...(await matcherSizes(root)));
  } catch (error) {
    rows.push({
      group,
      metric: 'matcher on an English page (min+gzip)',
      value: Number.NaN,
      unit: 'kB',
      error: String(error?.message ?? error),
    });
  }
  try {
    const built = await hostBuild(root, ORAMA.host);
    rows.push({
      group,
      metric: ORAMA.metric,
      value: measure(built, { followDynamic: false }).gzip / KB,
      unit: 'kB',
      note: ORAMA.note,
    });
  } catch (error) {
    rows.push({ group, metric: ORAMA.metric, value: Number.NaN, unit: 'kB', error: String(error?.message ?? error) });
  }
  return rows;
}
