/**
 * @hearken/ui/model: what the widgets' models use beside `@hearken/ui/dom` and need no Preact either
 * (the changelog's read state, persisted signals, error details, what the browser asked for and
 * its updates). Apart from `@hearken/ui/dom`, so an element's eager part, which imports that, loads
 * none of it.
 */
export {
  CHANGELOG_PAGE_SIZE,
  type ChangelogReadState,
  changelogReadState,
  changelogSource,
  countUnread,
  firstChangelogPageKey,
  unreadBadge,
} from './changelog-read.ts';
export { errorDetail } from './error-detail.ts';
export { type Persisted, type PersistedOptions, persisted } from './persisted.ts';
export { createRequestUpdates, type RequestUpdates, type RequestUpdatesOptions } from './request-updates.ts';
export {
  type AskedFor,
  currentOf,
  hasMoved,
  NO_REQUESTS,
  parseRequests,
  type RequestState,
  type Requests,
} from './requests.ts';
export { sharedRead } from './shared-read.ts';
