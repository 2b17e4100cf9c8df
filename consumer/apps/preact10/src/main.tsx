// Both elements in a Preact 10 app, as `npm create vite` (preact-ts) makes one today: the widgets
// must share the app's Preact (one copy, whose JSX their typings extend), not bring their own.
// The page reads its settings from the query string.

import { define as defineFeedback } from '@hearken/feedback';
import { define as defineRoadmap } from '@hearken/roadmap';
import { render } from 'preact';
import { useState } from 'preact/hooks';

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

render(<App />, document.getElementById('root') as HTMLElement);
