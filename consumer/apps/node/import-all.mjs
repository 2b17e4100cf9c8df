// Every entry of every package imports in Node without a DOM, and define() throws nothing.
const entries = [
  '@hearken/core',
  '@hearken/core/client-address',
  '@hearken/core/node',
  '@hearken/ui',
  '@hearken/ui/dom',
  '@hearken/ui/rich-text',
  '@hearken/roadmap',
  '@hearken/roadmap/react',
  '@hearken/feedback',
  '@hearken/feedback/react',
  '@hearken/proxy',
  '@hearken/proxy/fetch',
  '@hearken/server',
  '@hearken/embed',
];
for (const entry of entries) await import(entry);
const { define: defineRoadmap } = await import('@hearken/roadmap');
const { define: defineFeedback } = await import('@hearken/feedback');
defineRoadmap();
defineFeedback();
console.log(`imported ${entries.length} entries, define() twice`);
