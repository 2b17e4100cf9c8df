// Every entry of every package imports in Node without a DOM, and define() throws nothing.
const entries = [
  '@hearken/core',
  '@hearken/core/client-address',
  '@hearken/core/storage-keys',
  '@hearken/core/changelog-anchor',
  '@hearken/ui',
  '@hearken/ui/dom',
  '@hearken/ui/model',
  '@hearken/ui/rich-text',
  '@hearken/ui/search',
  '@hearken/roadmap',
  '@hearken/roadmap/model',
  '@hearken/roadmap/react',
  '@hearken/roadmap/vue',
  '@hearken/roadmap/svelte',
  '@hearken/roadmap/server',
  '@hearken/feedback',
  '@hearken/feedback/model',
  '@hearken/feedback/react',
  '@hearken/feedback/vue',
  '@hearken/feedback/svelte',
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
// The headless models run without a DOM: what a host app drawing its own UI starts from.
const { createRoadmapModel } = await import('@hearken/roadmap/model');
const { createFeedbackModel } = await import('@hearken/feedback/model');
const roadmap = createRoadmapModel({ storage: null });
if (roadmap.portal.state.value.status !== 'idle') throw new Error('a roadmap model without a workspace is not idle');
const feedback = createFeedbackModel({ proxy: 'https://proxy.invalid', storage: null });
feedback.open({ text: 'From Node' });
if (!feedback.opened.value || feedback.draft.value.text !== 'From Node')
  throw new Error('the feedback model did not open');
roadmap.dispose();
feedback.dispose();
console.log(`imported ${entries.length} entries, define() twice, both models in Node`);
