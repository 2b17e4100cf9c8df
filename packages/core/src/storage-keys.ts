/**
 * @hearken/core/storage-keys: the widgets' storage keys alone, for an element's eager part. A bundler
 * that splits by file (esbuild) puts every file an eager import reaches in the eager chunk, used or
 * not: through `@hearken/core/constants` that would be all of the API's constants too.
 */
export {
  changelogAnnouncedKey,
  changelogSeenKey,
  FEEDBACK_OUTBOX_DB,
  FEEDBACK_OUTBOX_KEY,
  FEEDBACK_OUTBOX_PENDING_KEY,
  FEEDBACK_OUTBOX_STORE,
  feedbackDraftKey,
  roadmapVotesKey,
} from './contract/storage-keys.ts';
