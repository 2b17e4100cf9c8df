/**
 * The keys under which the widgets keep state in the page's storage (`localStorage` unless the
 * host gives another). They are a contract with every earlier version a reader's browser may
 * still hold, so they change only with a migration.
 */

/** The feedback form's offline queue, shared by every `<hearken-feedback>` of the origin. */
export const FEEDBACK_OUTBOX_KEY = 'hearken-feedback:outbox';

/**
 * Where the feedback form's queue lives since it keeps images: this IndexedDB database and object
 * store (one record per submission, by its Idempotency-Key). What an earlier version left under
 * {@link FEEDBACK_OUTBOX_KEY} is moved here on first use.
 */
export const FEEDBACK_OUTBOX_DB = 'hearken-feedback';
export const FEEDBACK_OUTBOX_STORE = 'outbox';

/**
 * The proxies with submissions waiting in the IndexedDB queue, kept in `localStorage` as a JSON
 * list, so the eager element can tell without opening the database that its form must load now.
 */
export const FEEDBACK_OUTBOX_PENDING_KEY = 'hearken-feedback:outbox-pending';

/**
 * A half-written message, per proxy and workspace, so two widgets for different sites never mix,
 * and per issue or project it is about (`about`), so a draft about one issue never shows under
 * another. Without `about`, the key of earlier versions.
 */
export const feedbackDraftKey = (
  proxy: string,
  workspaceId: string | undefined,
  about: { issueId?: string | undefined; projectId?: string | undefined } = {},
): string =>
  `hearken-feedback:draft:${proxy}|${workspaceId ?? ''}${
    about.issueId ? `|issue:${about.issueId}` : about.projectId ? `|project:${about.projectId}` : ''
  }`;

/** The issues and projects this browser has voted for in a workspace. */
export const roadmapVotesKey = (workspaceId: string): string => `hearken:votes:${workspaceId}`;

/** The id of the newest changelog entry the reader has seen in a workspace. */
export const changelogSeenKey = (workspaceId: string): string => `hearken:changelog-seen:${workspaceId}`;

/** The id of the newest changelog entry a feedback launcher has shown in its popup, per workspace. */
export const changelogAnnouncedKey = (workspaceId: string): string => `hearken:changelog-announced:${workspaceId}`;

/**
 * What this browser asked for in a workspace, so it can hear back: the issues it voted for with
 * the status it last saw, and the threads it sent with their proxy receipts (a JSON list).
 */
export const requestsKey = (workspaceId: string): string => `hearken:requests:${workspaceId}`;
