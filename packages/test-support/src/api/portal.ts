import type { Changelog, Issue, Project, Workspace } from '@hearken/core';

/**
 * The public portal's data as the service returns it (the API description's Workspace, Changelog,
 * Project and Issue), each a builder whose `overrides` replace fields.
 */

export const WORKSPACE_ID = 'ws_acme';
/** When every fixture was created and last updated. */
export const AT = '2026-10-01T09:30:00.000Z';

export function workspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: WORKSPACE_ID,
    name: 'Acme',
    domain: 'acme.example',
    darkMode: false,
    backgroundColor: '#ffffff',
    darkModeBackgroundColor: '#101014',
    textColor: '#1a1a1a',
    darkModeTextColor: '#f2f2f2',
    accentColor: '#0b5fff',
    darkModeAccentColor: '#7aa7ff',
    accentTextColor: '#0047cc',
    darkModeAccentTextColor: '#9bbcff',
    buttonTextColor: '#ffffff',
    darkModeButtonTextColor: '#000000',
    customDomain: null,
    logoLink: 'https://acme.example',
    logoUrl: 'https://cdn.acme.example/logo.png',
    changelogPublic: true,
    ...overrides,
  };
}

/** A published changelog whose notes carry a script and a javascript: link, for the renderers to drop. */
export function changelog(overrides: Partial<Changelog> = {}): Changelog {
  return {
    id: 'cl_1',
    createdAt: AT,
    updatedAt: AT,
    isDeleted: false,
    version: 1,
    date: '2026-10-15T12:00:00.000Z',
    published: true,
    title: 'October release',
    archived: false,
    imageUrl: 'https://cdn.acme.example/october.png',
    projectId: null,
    workspaceId: WORKSPACE_ID,
    notes: '<p>Faster <strong>search</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    ...overrides,
  };
}

export function project(id = 'p_1', overrides: Partial<Project> = {}): Project {
  return {
    id,
    name: `Project ${id}`,
    description: `About ${id}`,
    color: '#22aa66',
    icon: '🚀',
    trackerProjectId: null,
    state: 'planned',
    createdAt: AT,
    trackerTeamIds: [],
    progress: 40,
    sortOrder: 1,
    upvotes: 3,
    importanceScore: 0,
    ...overrides,
  };
}

export function issue(id = 'i_1', overrides: Partial<Issue> = {}): Issue {
  return {
    id,
    identifier: `ACM-${id}`,
    trackerTicketId: `t_${id}`,
    priority: 'High',
    status: 'Todo',
    team: 'Core',
    title: `Issue ${id}`,
    url: `https://tracker.example/ACM-${id}`,
    workspaceId: WORKSPACE_ID,
    createdAt: AT,
    updatedAt: AT,
    description: null,
    isDeleted: false,
    isVisible: true,
    projectId: null,
    sortOrder: 1,
    version: 1,
    upvotes: 5,
    importanceScore: 0,
    summary: [],
    ...overrides,
    summaryUpdated: null,
  };
}

/** What a roadmap reads: the workspace with its latest changelog, and the projects and issues. */
export interface PortalData {
  workspace: Workspace;
  latestChangelog: Changelog | null;
  projects: Project[];
  issues: Issue[];
}

/**
 * A roadmap's worth of data: projects in three known states and one unknown, listed out of their
 * sort order; issues in three statuses, one of them linking to a javascript: URL.
 */
export function portal(overrides: Partial<PortalData> = {}): PortalData {
  return {
    workspace: workspace(),
    latestChangelog: changelog(),
    projects: [
      project('p1', { state: 'Completed', name: 'Dark mode', sortOrder: 1, progress: 100 }),
      project('p2', { state: 'In Progress', name: 'Search', sortOrder: 2, progress: 55 }),
      project('p3', { state: 'Planned', name: 'Exports', sortOrder: 2, progress: null }),
      project('p4', { state: 'Planned', name: 'Billing', sortOrder: 1, progress: 0 }),
      project('p5', { state: 'Moonshot', name: 'Teleport', sortOrder: 1 }),
    ],
    issues: [
      issue('1', { status: 'Done', title: 'Fix login', summary: ['Users were logged out', 'Now fixed'] }),
      issue('2', { status: 'In Progress', title: 'Faster search', priority: 'Urgent' }),
      issue('3', { status: 'Todo', title: 'CSV export', url: 'javascript:alert(1)' }),
    ],
    ...overrides,
  };
}
