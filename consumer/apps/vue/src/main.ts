import { define as defineFeedback } from '@hearken/feedback';
import { define as defineRoadmap } from '@hearken/roadmap';
import { createApp } from 'vue';
import App from './App.vue';

// Defined before mounting, so Vue sets `strings` and `apiBase` as the properties they are.
defineRoadmap();
defineFeedback();
createApp(App).mount('#app');
