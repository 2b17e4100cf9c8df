/**
 * The `source` export condition names a package's TypeScript sources, which the workspace reads
 * (type checks, unit tests) and a tarball does not ship: packing drops it, so no consumer's
 * resolver that happens to know a `source` condition is led to a missing file.
 */
const SOURCE_CONDITION = 'source';

/** An `exports` value without the condition; what is left of `{ source, default }` is its file. */
function withoutSource(target) {
  if (typeof target !== 'object' || target === null) return target;
  const kept = Object.entries(target).filter(([condition]) => condition !== SOURCE_CONDITION);
  if (kept.length === 1 && kept[0][0] === 'default' && SOURCE_CONDITION in target) return kept[0][1];
  return Object.fromEntries(kept.map(([condition, value]) => [condition, withoutSource(value)]));
}

module.exports = {
  hooks: {
    beforePacking(pkg) {
      if (pkg.exports) pkg.exports = withoutSource(pkg.exports);
      return pkg;
    },
  },
  withoutSource,
};
