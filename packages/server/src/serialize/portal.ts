import type { Changelog, Issue, Project, Workspace } from '@hearken/core';
import { type ChangelogRow, type IssueRow, iso, isoOrNull, type ProjectRow, type WorkspaceRow } from './rows.ts';

export function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    darkMode: row.darkMode,
    backgroundColor: row.backgroundColor,
    darkModeBackgroundColor: row.darkModeBackgroundColor,
    textColor: row.textColor,
    darkModeTextColor: row.darkModeTextColor,
    accentColor: row.accentColor,
    darkModeAccentColor: row.darkModeAccentColor,
    accentTextColor: row.accentTextColor,
    darkModeAccentTextColor: row.darkModeAccentTextColor,
    buttonTextColor: row.buttonTextColor,
    darkModeButtonTextColor: row.darkModeButtonTextColor,
    customDomain: row.customDomain,
    logoLink: row.logoLink,
    logoUrl: row.logoUrl,
    changelogPublic: row.changelogPublic,
  };
}

export function toChangelog(row: ChangelogRow): Changelog {
  return {
    id: row.id,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    isDeleted: row.isDeleted,
    version: row.version,
    date: iso(row.date),
    published: row.published,
    title: row.title,
    archived: row.archived,
    imageUrl: row.imageUrl,
    projectId: row.projectId,
    workspaceId: row.workspaceId,
    notes: row.notes as Changelog['notes'],
    issueIds: row.issueIds,
  };
}

export function toProject(row: ProjectRow, upvotes: number): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    trackerProjectId: row.trackerProjectId,
    state: row.state,
    createdAt: iso(row.createdAt),
    trackerTeamIds: row.trackerTeamIds,
    progress: row.progress,
    sortOrder: row.sortOrder,
    upvotes,
    importanceScore: row.importanceScore,
  };
}

export function toIssue(row: IssueRow, upvotes: number): Issue {
  return {
    id: row.id,
    identifier: row.identifier,
    trackerTicketId: row.trackerTicketId,
    priority: row.priority,
    status: row.status,
    team: row.team,
    title: row.title,
    url: row.url,
    workspaceId: row.workspaceId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    description: row.description,
    isDeleted: row.isDeleted,
    isVisible: row.isVisible,
    projectId: row.projectId,
    sortOrder: row.sortOrder,
    version: row.version,
    upvotes,
    importanceScore: row.importanceScore,
    summary: row.summary,
    summaryUpdated: isoOrNull(row.summaryUpdated),
    ...(row.descriptionData === null ? {} : { descriptionData: row.descriptionData }),
  };
}
