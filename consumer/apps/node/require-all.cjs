// The same entries through require(), which Node >= 20.19 supports for ES modules.
const entries = [
  '@hearken/core',
  '@hearken/ui',
  '@hearken/ui/dom',
  '@hearken/ui/rich-text',
  '@hearken/roadmap',
  '@hearken/feedback',
  '@hearken/proxy',
  '@hearken/proxy/fetch',
  '@hearken/server',
  '@hearken/embed',
];
for (const entry of entries) require(entry);
require('@hearken/roadmap').define();
require('@hearken/feedback').define();
console.log(`required ${entries.length} entries, define() twice`);
