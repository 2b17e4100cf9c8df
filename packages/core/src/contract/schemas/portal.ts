import * as z from 'zod/mini';
import { dateTime, nullableDateTime, nullableString } from './common.ts';
import { stringArray } from './lists.ts';

// Workspace and language schemas are in workspace.ts.

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
  color: nullableString,
  icon: nullableString,
  trackerProjectId: nullableString,
  state: nullableString,
  createdAt: dateTime,
  trackerTeamIds: stringArray,
  progress: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  sortOrder: z.number(),
  upvotes: z.number(),
  importanceScore: z.number(),
});
export type Project = z.output<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

export const issueSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  trackerTicketId: z.string(),
  priority: z.string(),
  status: z.string(),
  team: z.string(),
  title: z.string(),
  url: z.string(),
  workspaceId: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  description: nullableString,
  isDeleted: z.boolean(),
  isVisible: z.nullable(z.boolean()),
  projectId: nullableString,
  sortOrder: z.number(),
  version: z.number(),
  upvotes: z.number(),
  importanceScore: z.number(),
  summary: stringArray,
  summaryUpdated: nullableDateTime,
  /** Shape not specified by the API. */
  descriptionData: z.optional(z.unknown()),
});
export type Issue = z.output<typeof issueSchema>;
export const issueListSchema = z.array(issueSchema);
