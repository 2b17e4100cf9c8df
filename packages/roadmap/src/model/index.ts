/**
 * @hearken/roadmap/model: the roadmap without its view (`createRoadmapModel`), for a host app that
 * draws its own UI. Its own entry, so that importing the element never loads it (nor the API
 * client) before an element connects.
 */
export type { KeyValueStorage } from '@hearken/ui/dom';
// The matcher of similar issues, shared with the other widget: the whole `@hearken/ui/search` entry.
export * from '@hearken/ui/search';
export type { Prefetch } from '../prefetch.ts';
// The strings a UI built on the model shows, in English; the element takes overrides of them.
export { en as englishStrings, type RoadmapStrings } from '../strings.ts';
export type { RoadmapChangelog } from './changelog.ts';
export type { ChangelogEntry, HistoryState } from './changelog-history.ts';
export type { Group } from './grouping.ts';
export type { IssueSearch } from './issue-search.ts';
export type { LoadState, RoadmapData, RoadmapError } from './load.ts';
export type { PortalLoad } from './portal-load.ts';
export {
  createRoadmapModel,
  type RoadmapModel,
  type RoadmapModelOptions,
  type RoadmapSettings,
  type RoadmapSource,
} from './roadmap-model.ts';
export type { UpvoteTarget } from './upvote-client.ts';
export type { VoteState } from './votes.ts';
export type { Voting } from './voting.ts';
