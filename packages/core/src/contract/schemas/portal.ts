import * as z from 'zod/mini';
import { dateTime, nullableDateTime, nullableString, stringArray } from './common.ts';

// Workspace and language schemas are in workspace.ts.

export const projectSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  description: nullableString,
  color: nullableString,
  icon: nullableString,
  trackerProjectId: nullableString,
  state: nullableString,
  createdAt: dateTime,
  trackerTeamIds: stringArray,
  progress: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.number().check(/*@__PURE__*/ z.gte(0), /*@__PURE__*/ z.lte(100))),
  sortOrder: /*@__PURE__*/ z.number(),
  upvotes: /*@__PURE__*/ z.number(),
  importanceScore: /*@__PURE__*/ z.number(),
});
export type Project = z.output<typeof projectSchema>;
export const projectListSchema = /*@__PURE__*/ z.array(projectSchema);

export const issueSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  identifier: /*@__PURE__*/ z.string(),
  trackerTicketId: /*@__PURE__*/ z.string(),
  priority: /*@__PURE__*/ z.string(),
  status: /*@__PURE__*/ z.string(),
  team: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  url: /*@__PURE__*/ z.string(),
  workspaceId: /*@__PURE__*/ z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  description: nullableString,
  isDeleted: /*@__PURE__*/ z.boolean(),
  isVisible: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.boolean()),
  projectId: nullableString,
  sortOrder: /*@__PURE__*/ z.number(),
  version: /*@__PURE__*/ z.number(),
  upvotes: /*@__PURE__*/ z.number(),
  importanceScore: /*@__PURE__*/ z.number(),
  summary: stringArray,
  summaryUpdated: nullableDateTime,
  /** Shape not specified by the API. */
  descriptionData: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.unknown()),
});
export type Issue = z.output<typeof issueSchema>;
export const issueListSchema = /*@__PURE__*/ z.array(issueSchema);
