/** v2 issues: the row, its page, the update body and the list's filters. */
import * as z from 'zod/mini';
import { ISSUE_LABEL_MAX_LENGTH } from '../constants.ts';
import { dateTime, nullableString, text } from './common.ts';
import { pageCursorParam, pageInfoSchema, pageLimitParam, pageOf } from './paging.ts';

/** An issue as every v2 issue operation and the `issue.*` webhook events show it (the portal issue's fields, snake_case). */
export const v2IssueSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  identifier: /*@__PURE__*/ z.string(),
  title: /*@__PURE__*/ z.string(),
  description: nullableString,
  status: /*@__PURE__*/ z.string(),
  priority: /*@__PURE__*/ z.string(),
  project_id: nullableString,
  is_visible: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.boolean()),
  /** Live, not held threads linked to it through customer needs. */
  upvotes: /*@__PURE__*/ z.number(),
  created_at: dateTime,
  updated_at: dateTime,
});
export type V2Issue = z.output<typeof v2IssueSchema>;

export const issuePageSchema = /*@__PURE__*/ pageOf(v2IssueSchema, pageInfoSchema);
export type IssuePage = z.output<typeof issuePageSchema>;

/** A status or priority: the tracker's own words, so any non-empty text up to ISSUE_LABEL_MAX_LENGTH. */
const label = /*@__PURE__*/ text(1, ISSUE_LABEL_MAX_LENGTH);

/**
 * `PATCH /api/v2/issues/{id}`: any of these; `null` clears a description or project. A new
 * `status` emits `issue.status_changed` and tells the issue's followers; other changes emit
 * `issue.updated`.
 */
export const updateIssueInputSchema = /*@__PURE__*/ z.strictObject({
  status: /*@__PURE__*/ z.optional(label),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1, 255)),
  description: /*@__PURE__*/ z.optional(nullableString),
  priority: /*@__PURE__*/ z.optional(label),
  project_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(/*@__PURE__*/ text(1))),
  is_visible: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
});
export type UpdateIssueInput = z.input<typeof updateIssueInputSchema>;

const status = /*@__PURE__*/ z.optional(label);
const projectId = /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1));

/** Filters of `GET /issues`; they travel on the first request only, then in the cursor. */
export const issueFiltersSchema = /*@__PURE__*/ z.strictObject({ status, project_id: projectId });
export type IssueFilters = z.input<typeof issueFiltersSchema>;

/** The v2 client's `issues.list`: filters count on the first page only. */
export const listIssuesParamsSchema = /*@__PURE__*/ z.strictObject({
  status,
  project_id: projectId,
  limit: pageLimitParam,
  cursor: pageCursorParam,
});
export type ListIssuesParams = z.input<typeof listIssuesParamsSchema>;

export const iterateIssuesParamsSchema = /*@__PURE__*/ z.strictObject({
  status,
  project_id: projectId,
  limit: pageLimitParam,
});
export type IterateIssuesParams = z.input<typeof iterateIssuesParamsSchema>;
