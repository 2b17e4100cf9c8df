import type { ChangelogPage, V2Changelog } from '@hearken/core';
import { AT } from './portal.ts';

/** A published v2 changelog entry as the service returns it; `overrides` replace fields. */
export function v2Changelog(id = 'cl_1', overrides: Partial<V2Changelog> = {}): V2Changelog {
  return {
    id,
    version: 1,
    title: `Release ${id}`,
    date: '2026-10-15T12:00:00.000Z',
    published: true,
    archived: false,
    image_url: 'https://cdn.acme.example/october.png',
    project_id: null,
    notes: '<p>Faster <strong>search</strong>.</p>',
    issue_ids: [],
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

/** One page of changelog entries: `cursor` null means the last page. */
export function changelogPage(entries: V2Changelog[], cursor: string | null = null, limit = 50): ChangelogPage {
  return { data: entries, page: { cursor, has_more: cursor !== null, limit } };
}
