/**
 * The similar-issue matcher (`@hearken/ui/search`): top-3 recall and the share of unrelated drafts
 * shown a suggestion on the held-out half of the inbox drafts (`matcher/inbox.ts`), per language, against the
 * issues of their product; index build and per-keystroke ranking time for
 * 1,000 issues; MiniSearch (chosen) beside Orama (rejected, a bench devDependency only). The
 * matcher's TypeScript runs through Vite's module runner, both candidates alike. Then the size of
 * the matcher as an app's bundler ships it (its own lazy chunk), beside Orama's core alone.
 */
import { join } from 'node:path';
import { hostBuild, KB, measure } from './lib/host-build.mjs';

const group = 'matcher';

const SIZES = [
  {
    metric: 'matcher chunk, @hearken/ui/search: MiniSearch, five languages (min+gzip)',
    host: {
      code: `import { createIssueIndex } from '@hearken/ui/search';\nglobalThis.rank = createIssueIndex;\n`,
      packages: ['@hearken/ui'],
    },
    note: 'loaded when a reader types (the feedback form, the roadmap search); outside the elements\u2019 whole sizes',
  },
  {
    metric: 'Orama core alone, create/insertMultiple/search (min+gzip)',
    host: {
      code: `import { create, insertMultiple, search } from '@orama/orama';\nglobalThis.orama = { create, insertMultiple, search };\n`,
      packages: ['@orama/orama'],
    },
    note: 'rejected, for comparison: without the languages, which the matcher chunk includes',
  },
];

export default async function matcher({ root }) {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport(join(root, 'bench/matcher/compare.ts'));
  const rows = await module.matcherRows();
  for (const { metric, host, note } of SIZES) {
    try {
      const built = await hostBuild(root, host);
      const measured = measure(built, { followDynamic: false });
      rows.push({ group, metric, value: measured.gzip / KB, unit: 'kB', note });
    } catch (error) {
      rows.push({ group, metric, value: Number.NaN, unit: 'kB', error: String(error?.message ?? error) });
    }
  }
  return rows;
}
