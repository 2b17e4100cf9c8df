import type { ChangelogNotes, V2Changelog } from '@hearken/core';
import { type ChangelogRow, iso } from './rows.ts';

/** A changelog row as every v2 changelog operation and the `changelog.published` event show it. */
export function toV2Changelog(row: ChangelogRow): V2Changelog {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    date: iso(row.date),
    published: row.published,
    archived: row.archived,
    image_url: row.imageUrl,
    project_id: row.projectId,
    notes: row.notes as ChangelogNotes,
    issue_ids: row.issueIds,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
