import { define as defineFeedback } from '@hearken/feedback';
import { define as defineRoadmap } from '@hearken/roadmap';
import { mount } from 'svelte';
import App from './App.svelte';

// Defined before mounting, so Svelte sets `strings` and `apiBase` as the properties they are.
defineRoadmap();
defineFeedback();
mount(App, { target: document.getElementById('app') as HTMLElement });
