// app/page.tsx
import { createRoadmapRenderer } from '@hearken/roadmap/server';
import { DefineRoadmap } from './define-roadmap';

// One renderer per server process: it rereads the portal at most once a minute.
const roadmap = createRoadmapRenderer({ revalidateSeconds: 60 });

// Rendered per request, with the settings of the running server: `next build` reads nothing.
export const dynamic = 'force-dynamic';

export default async function RoadmapPage() {
  const html = await roadmap.render({
    workspace: process.env.HEARKEN_WORKSPACE ?? '',
    apiBase: process.env.HEARKEN_API_BASE,
    view: 'roadmap',
    stylesheet: '/hearken/roadmap.css',
  });
  return (
    <main>
      <h1>Roadmap</h1>
      {/* The browser makes the markup's <template shadowrootmode> the element's shadow root as it
          parses, so this innerHTML is not the string React compares it with in development. */}
      <div suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />
      <DefineRoadmap />
    </main>
  );
}
