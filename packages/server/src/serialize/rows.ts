import type * as tables from '../db/schema.ts';

/** Row types of the tables, as Drizzle selects them. */
export type WorkspaceRow = typeof tables.workspaces.$inferSelect;
export type CompanyRow = typeof tables.companies.$inferSelect;
export type ContactRow = typeof tables.contacts.$inferSelect;
export type ThreadRow = typeof tables.threads.$inferSelect;
export type MemberRow = typeof tables.members.$inferSelect;
export type MessageRow = typeof tables.messages.$inferSelect;
export type MessageAttachmentRow = typeof tables.messageAttachments.$inferSelect;
export type TagRow = typeof tables.tags.$inferSelect;
export type NeedRow = typeof tables.customerNeeds.$inferSelect;
export type ProjectRow = typeof tables.projects.$inferSelect;
export type IssueRow = typeof tables.issues.$inferSelect;
export type ChangelogRow = typeof tables.changelogs.$inferSelect;

export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
