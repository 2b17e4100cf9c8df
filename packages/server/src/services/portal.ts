import type { Issue, Project, WorkspaceResponse } from '@hearken/core';
import { asc, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { liveIn } from '../db/live.ts';
import type { Orm } from '../db/open.ts';
import { changelogs, issues, projects, workspaces } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import { toChangelog, toIssue, toProject, toWorkspace } from '../serialize/portal.ts';
import { loadTranslations, type TranslatedField, translate } from './translations.ts';
import { countUpvotes } from './upvotes.ts';

/** The public portal's workspace, or the documented 404 when it does not exist or is not published. */
async function publishedWorkspace(orm: Orm, id: string) {
  const [row] = await orm.select().from(workspaces).where(eq(workspaces.id, id));
  if (!row?.portalPublished) throw new NotFoundError('Workspace');
  return row;
}

/** GET /workspaces/{id}: the workspace's branding and its latest public changelog, translated. */
export async function portalWorkspace(orm: Orm, id: string, language: string | undefined): Promise<WorkspaceResponse> {
  const workspace = await publishedWorkspace(orm, id);
  const [latest] = workspace.changelogPublic
    ? await orm
        .select()
        .from(changelogs)
        .where(liveIn(changelogs, workspace.id, eq(changelogs.published, true), eq(changelogs.archived, false)))
        .orderBy(desc(changelogs.date), desc(changelogs.id))
        .limit(1)
    : [];
  const translated = latest ? await loadTranslations(orm, workspace.id, 'changelog', [latest.id], language) : undefined;
  const latestChangelog = latest && translated ? toChangelog(translate(latest, translated, ['title', 'notes'])) : null;
  return { workspace: toWorkspace(workspace), latestChangelog };
}

/** Each project or issue with its `fields` translated into `language` where a translation exists, and its upvotes. */
async function translatedWithUpvotes<T extends { id: string }>(
  orm: Orm,
  workspaceId: string,
  kind: 'project' | 'issue',
  rows: T[],
  fields: readonly (keyof T & TranslatedField)[],
  language: string | undefined,
): Promise<{ row: T; upvotes: number }[]> {
  const ids = rows.map((row) => row.id);
  const [upvotes, translated] = await Promise.all([
    countUpvotes(orm, workspaceId, kind === 'project' ? 'projectId' : 'issueId'),
    loadTranslations(orm, workspaceId, kind, ids, language),
  ]);
  return rows.map((row) => ({ row: translate(row, translated, fields), upvotes: upvotes.get(row.id) ?? 0 }));
}

/** GET /projects/{workspaceId}: the roadmap's projects in their order, with upvotes, translated. */
export async function portalProjects(orm: Orm, workspaceId: string, language: string | undefined): Promise<Project[]> {
  const workspace = await publishedWorkspace(orm, workspaceId);
  const rows = await orm
    .select()
    .from(projects)
    .where(eq(projects.workspaceId, workspace.id))
    .orderBy(asc(projects.sortOrder), asc(projects.createdAt), asc(projects.id));
  const shown = await translatedWithUpvotes(orm, workspace.id, 'project', rows, ['name', 'description'], language);
  return shown.map(({ row, upvotes }) => toProject(row, upvotes));
}

/** GET /issues/{workspaceId}: the live issues not hidden from the portal, with upvotes, translated. */
export async function portalIssues(orm: Orm, workspaceId: string, language: string | undefined): Promise<Issue[]> {
  const workspace = await publishedWorkspace(orm, workspaceId);
  const rows = await orm
    .select()
    .from(issues)
    .where(
      liveIn(
        issues,
        workspace.id,
        // Issues explicitly hidden from the portal stay private.
        or(isNull(issues.isVisible), ne(issues.isVisible, false)),
      ),
    )
    .orderBy(asc(issues.sortOrder), asc(issues.createdAt), asc(issues.id));
  const shown = await translatedWithUpvotes(orm, workspace.id, 'issue', rows, ['title', 'description'], language);
  return shown.map(({ row, upvotes }) => toIssue(row, upvotes));
}
