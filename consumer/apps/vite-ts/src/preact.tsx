// The Preact typings come with the main entries: no extra import.
import { define as defineFeedback } from '@hearken/feedback';
import { define as defineRoadmap } from '@hearken/roadmap';
import { render } from 'preact';

defineRoadmap();
defineFeedback();

export function mountWidgets(target: HTMLElement, onLoaded: (projects: number) => void): void {
  render(
    <section>
      <hearken-roadmap
        workspace="WORKSPACE_ID"
        apiBase="https://feedback.example.com"
        view="issues"
        strings={{ retry: 'Reload' }}
        onhearken:load={(event) => onLoaded(event.detail.projects)}
      />
      <hearken-feedback
        proxy="/hearken"
        mode="launcher"
        position="bottom-left"
        strings={{ submit: 'Send to the team' }}
        onhearken:queued={(event) => console.log(event.detail.reason)}
      />
      {/* @ts-expect-error: only the documented positions are accepted. */}
      <hearken-feedback proxy="/hearken" position="middle" />
    </section>,
    target,
  );
}
