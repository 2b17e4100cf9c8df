import type { V2Issue } from '@hearken/core';
import { type IssueRow, iso } from './rows.ts';

/** An issue as every v2 issue operation and the `issue.*` webhook events show it. */
export function toV2Issue(row: IssueRow, upvotes: number): V2Issue {
  return {
    id: row.id,
    identifier: row.identifier,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    project_id: row.projectId,
    is_visible: row.isVisible,
    upvotes,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
