import * as s from '../schema/index.ts';
import { dateTime, nullableDateTime, nullableString } from './common.ts';
import { stringArray } from './lists.ts';

// Workspace and language schemas are in workspace.ts.

export const projectSchema = s.object({
  id: s.string(),
  name: s.string(),
  description: nullableString,
  color: nullableString,
  icon: nullableString,
  trackerProjectId: nullableString,
  state: nullableString,
  createdAt: dateTime,
  trackerTeamIds: stringArray,
  progress: s.nullable(s.number().check(s.gte(0), s.lte(100))),
  sortOrder: s.number(),
  upvotes: s.number(),
  importanceScore: s.number(),
});
export type Project = s.Output<typeof projectSchema>;
export const projectListSchema = s.array(projectSchema);

export const issueSchema = s.object({
  id: s.string(),
  identifier: s.string(),
  trackerTicketId: s.string(),
  priority: s.string(),
  status: s.string(),
  team: s.string(),
  title: s.string(),
  url: s.string(),
  workspaceId: s.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  description: nullableString,
  isDeleted: s.boolean(),
  isVisible: s.nullable(s.boolean()),
  projectId: nullableString,
  sortOrder: s.number(),
  version: s.number(),
  upvotes: s.number(),
  importanceScore: s.number(),
  summary: stringArray,
  summaryUpdated: nullableDateTime,
  /** Shape not specified by the API. */
  descriptionData: s.optional(s.unknown()),
});
export type Issue = s.Output<typeof issueSchema>;
export const issueListSchema = s.array(issueSchema);
