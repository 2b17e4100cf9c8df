/**
 * The matcher on the tuning half of the inbox set (`inbox.ts`), misses and false alarms listed:
 * what to read while tuning. `node bench/matcher/tune.mjs`. It never prints the held-out half.
 */
import { join } from 'node:path';
import { runnerImport } from 'vite';

const root = join(import.meta.dirname, '../..');
const { module } = await runnerImport(join(root, 'bench/matcher/tune-run.ts'));
const quality = await module.tuningQuality();
for (const line of [...quality.overall.misses, '', ...quality.overall.falseAlarms]) console.log(line);
for (const [language, q] of Object.entries(quality.byLanguage)) {
  console.log(
    `${language}: recall@3 ${q.recallAt3.toFixed(3)} (${q.related}), unrelated shown ${q.unrelatedShown.toFixed(3)} (${q.unrelated})`,
  );
}
console.log(
  `all: recall@3 ${quality.overall.recallAt3.toFixed(3)}, unrelated shown ${quality.overall.unrelatedShown.toFixed(3)}`,
);
