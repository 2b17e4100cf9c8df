// Both elements in React 19, which sets properties (strings, apiBase) and listens to
// `on<event>` props of custom elements. The page reads its settings from the query string.

import { define as defineFeedback } from '@hearken/feedback';
import type {} from '@hearken/feedback/react';
import { define as defineRoadmap } from '@hearken/roadmap';
import type {} from '@hearken/roadmap/react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

defineRoadmap();
defineFeedback();

const query = new URLSearchParams(location.search);
const settings = {
  workspace: query.get('workspace') ?? '',
  apiBase: query.get('api') ?? '',
  proxy: query.get('proxy') ?? '',
};

function App() {
  const [projects, setProjects] = useState<number | null>(null);
  const [sent, setSent] = useState('');
  return (
    <main>
      <hearken-roadmap
        workspace={settings.workspace}
        apiBase={settings.apiBase}
        view="roadmap"
        theme="light"
        strings={{ roadmap: 'What we are building' }}
        onhearken:load={(event) => setProjects(event.detail.projects)}
      />
      <hearken-feedback
        proxy={settings.proxy}
        mode="inline"
        workspace={settings.workspace}
        apiBase={settings.apiBase}
        strings={{ submit: 'Send to the team' }}
        onhearken:success={(event) => setSent(event.detail.threadId)}
      />
      <output id="projects">{projects ?? ''}</output>
      <output id="sent">{sent}</output>
    </main>
  );
}

// @ts-expect-error: only the documented views are accepted.
void (<hearken-roadmap view="kanban" />);
// @ts-expect-error: strings are checked against the widget's own.
void (<hearken-feedback proxy="/hearken" strings={{ nonsense: 'x' }} />);

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
