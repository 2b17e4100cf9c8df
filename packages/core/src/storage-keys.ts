/**
 * @hearken/core/storage-keys: the widgets' storage keys alone, for an element's eager part, which
 * runs before anything else of the widget and so imports only what it uses, not the API's other
 * constants (`@hearken/core/constants`).
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
