export type {
  FeedbackOpenOptions,
  HearkenApi,
  HearkenCommand,
  HearkenCommands,
  HearkenSettings,
  RoadmapMountOptions,
} from './commands.ts';
export { createHearken } from './commands.ts';
export type { ElementLoaders, LazyElements } from './lazy-elements.ts';
export { watchElements } from './lazy-elements.ts';
export { adoptQueue } from './queue.ts';
export type { HearkenQueueStub, SnippetOptions } from './snippet.ts';
export { installQueue, snippet, snippetScript } from './snippet.ts';
