import type {
  changelogs,
  companies,
  contacts,
  customerNeeds,
  issues,
  members,
  messages,
  projects,
  tags,
  threads,
  workspaces,
} from '../db/schema.ts';

/** Row types of the tables, as Drizzle selects them. */
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type ThreadRecord = typeof threads.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type NeedRow = typeof customerNeeds.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type IssueRow = typeof issues.$inferSelect;
export type ChangelogRow = typeof changelogs.$inferSelect;

export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
