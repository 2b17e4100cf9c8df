// Both elements as a strict TypeScript app writes them: created through HTMLElementTagNameMap,
// set through typed properties, heard through typed `hearken:*` listeners.
import { define as defineFeedback, type HearkenFeedbackElement } from '@hearken/feedback';
import { define as defineRoadmap, type RoadmapStrings } from '@hearken/roadmap';

defineRoadmap();
defineFeedback();

const strings: Partial<RoadmapStrings> = { retry: 'Reload' };
const roadmap = document.createElement('hearken-roadmap');
roadmap.workspace = 'WORKSPACE_ID';
roadmap.apiBase = 'https://feedback.example.com';
roadmap.strings = strings;
roadmap.addEventListener('hearken:load', (event) => {
  const projects: number = event.detail.projects;
  console.log(`${projects} projects in ${event.detail.workspaceId}`);
});
roadmap.addEventListener('hearken:upvote', (event) => console.log(event.detail.kind, event.detail.upvotes));
roadmap.addEventListener('hearken:error', (event) => console.log(event.detail.source, event.detail.code));
roadmap.addEventListener('keydown', (event) => console.log(event.key));
// @ts-expect-error: a load's detail has no thread id.
roadmap.addEventListener('hearken:load', (event) => event.detail.threadId);

const feedback = document.createElement('hearken-feedback');
feedback.proxy = '/hearken';
feedback.mode = 'inline';
feedback.strings = { submit: 'Send to the team' };
feedback.addEventListener('hearken:success', (event) => console.log(event.detail.threadId.length));
feedback.addEventListener('hearken:queued', (event) => console.log(event.detail.reason));
feedback.suggest = 'off';
feedback.addEventListener('hearken:vote', (event) => console.log(event.detail.issueId));
feedback.addEventListener('hearken:suggest', (event) => console.log(event.detail.suggestions[0]?.upvotes));
feedback.addEventListener('click', (event) => console.log(event.clientX));
// @ts-expect-error: a success's detail has no `reason`.
feedback.addEventListener('hearken:success', (event) => event.detail.reason);

document.body.append(roadmap, feedback);
const found: HearkenFeedbackElement | null = document.querySelector('hearken-feedback');
void found?.open({ text: 'About the roadmap: ' });
