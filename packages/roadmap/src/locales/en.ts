/**
 * Every string the roadmap shows, in English. Any of them can be overridden through the
 * `strings` option/property; `{name}` placeholders are filled in, and `_one`/`_other`-style
 * suffixes select plural forms.
 */
export const en = {
  viewsLabel: 'Views',
  roadmap: 'Roadmap',
  issues: 'Issues',
  changelog: 'Changelog',
  new: 'New',
  newChangelog: 'new update',
  loading: 'Loading…',
  refreshing: 'Updating…',
  retry: 'Try again',
  noState: 'Other',
  progress: 'Progress',
  progressValue: '{value}% complete',
  upvotes: '{count} upvotes',
  upvotes_one: '{count} upvote',
  upvote: 'Upvote {title}',
  upvoted: 'You upvoted {title}',
  upvoteFailed: 'Your vote on {title} could not be saved. Please try again.',
  upvoteRateLimited: 'Too many votes just now. Please try again in {seconds} s.',
  priority: 'Priority: {priority}',
  openIssue: 'Open {identifier}',
  votingClosed: '{status}: voting is closed',
  search: 'Search issues',
  searchResults: '{count} issues found',
  searchResults_one: '{count} issue found',
  noProjects: 'Nothing on the roadmap yet.',
  noIssues: 'No issues yet.',
  noMatches: 'No issues match “{query}”.',
  noChangelog: 'No updates published yet.',
  publishedOn: 'Published {date}',
  errorTitle: 'The roadmap could not be loaded',
  errorNetwork: 'Check your connection and try again.',
  errorGeneric: 'Something went wrong on our side.',
  errorReference: 'Reference: {requestId}',
  staleNotice: 'Showing saved data: the latest could not be loaded.',
  unpublishedTitle: 'This roadmap is not public',
  unpublishedBody: 'The team has not published its roadmap yet.',
  notConfigured: 'No workspace is set for this roadmap.',
  version: 'Version {version}',
  newUpdates: '{count} new updates',
  newUpdates_one: '{count} new update',
  showOlder: 'Show older updates',
  loadingOlder: 'Loading older updates…',
  olderFailed: 'Older updates could not be loaded. Please try again.',
  historyFailed: 'Only the latest update is shown: the others could not be loaded.',
};

export type RoadmapStrings = typeof en;
export type RoadmapStringKey = keyof RoadmapStrings;
