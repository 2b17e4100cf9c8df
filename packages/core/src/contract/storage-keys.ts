/**
 * The keys under which the widgets keep state in the page's storage (`localStorage` unless the
 * host gives another). They are a contract with every earlier version a reader's browser may
 * still hold, so they change only with a migration.
 */

/** The feedback form's offline queue, shared by every `<hearken-feedback>` of the origin. */
export const FEEDBACK_OUTBOX_KEY = 'hearken-feedback:outbox';

/** A half-written message, per proxy and workspace, so two widgets for different sites never mix. */
export const feedbackDraftKey = (proxy: string, workspaceId: string | undefined): string =>
  `hearken-feedback:draft:${proxy}|${workspaceId ?? ''}`;

/** The issues and projects this browser has voted for in a workspace. */
export const roadmapVotesKey = (workspaceId: string): string => `hearken:votes:${workspaceId}`;

/** The id of the newest changelog entry the reader has seen in a workspace. */
export const changelogSeenKey = (workspaceId: string): string => `hearken:changelog-seen:${workspaceId}`;

/** The id of the newest changelog entry a feedback launcher has shown in its popup, per workspace. */
export const changelogAnnouncedKey = (workspaceId: string): string => `hearken:changelog-announced:${workspaceId}`;
