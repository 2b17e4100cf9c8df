/**
 * @hearken/ui/search: the matcher both widgets share, ranking a workspace's issues by how close
 * they are to a user's text (the feedback form's suggestions, the roadmap's issue search). No
 * Preact and no DOM; its own entry so a widget loads the search library only when someone types.
 */
export { foldTerm } from './search/fold.ts';
export {
  buildIssueIndex,
  createIssueIndex,
  DEFAULT_LIMIT,
  DEFAULT_THRESHOLD,
  type IssueIndex,
  type IssueIndexOptions,
  type RankedIssue,
  type RankOptions,
  rankSimilarIssues,
  type SearchableIssue,
  type Threshold,
} from './search/issue-index.ts';
export type { LanguageData } from './search/language-data.ts';
export {
  loadSearchLanguage,
  SEARCH_LANGUAGES,
  type SearchLanguage,
  type SearchRules,
} from './search/languages.ts';
