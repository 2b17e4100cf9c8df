/**
 * @hearken/ui/search: the matcher both widgets share, ranking a workspace's issues by how close
 * they are to a user's text (the feedback form's suggestions, the roadmap's issue search). No
 * Preact and no DOM; its own entry so a widget loads the search library only when someone types.
 */
export { foldTerm } from './search/fold.ts';
export {
  createIssueIndex,
  DEFAULT_LIMIT,
  type IssueIndex,
  type IssueIndexOptions,
  MIN_COVERAGE,
  type RankedIssue,
  type RankOptions,
  rankSimilarIssues,
  type SearchableIssue,
} from './search/issue-index.ts';
export { SEARCH_LANGUAGES, type SearchLanguage } from './search/languages.ts';
