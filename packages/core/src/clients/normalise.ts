import { nullableString } from '../contract/schemas/common.ts';
import { workspaceSchema } from '../contract/schemas/workspace.ts';
import { isRecord } from '../transport/error-response.ts';

// The API describes some responses in two forms; these map the alternative onto the one the
// schemas describe. Anything unexpected passes through untouched for the schema to report.

/** `GET /projects/{workspaceId}`: a plain array, or `{projects: [...]}`. */
export function normaliseProjects(body: unknown): unknown {
  return isRecord(body) && Array.isArray(body.projects) ? body.projects : body;
}

/** `DELETE /companies/{id}`: `{isDeleted}`, or `{success, message}`. */
export function normaliseDeleteCompany(body: unknown): unknown {
  if (!isRecord(body) || 'isDeleted' in body || !('success' in body)) return body;
  const { success, ...rest } = body;
  return { ...rest, isDeleted: success };
}

/** `GET /contacts`: the total comes as `count` or as `total`. */
export function normaliseContactList(body: unknown): unknown {
  if (!isRecord(body) || body.count !== undefined || body.total === undefined) return body;
  const { total, ...rest } = body;
  return { ...rest, count: total };
}

const WORKSPACE_RENAMES = { slug: 'domain', logo: 'logoUrl', primaryColor: 'accentColor' } as const;

/**
 * Workspace in the alternative naming (`slug`, `logo`, `primaryColor`) gets the main names; branding
 * fields that form lacks become null, and the two flags false.
 */
export function normaliseWorkspace(workspace: unknown): unknown {
  if (!isRecord(workspace)) return workspace;
  const result: Record<string, unknown> = { ...workspace };
  for (const [from, to] of Object.entries(WORKSPACE_RENAMES)) {
    if (result[to] === undefined && result[from] !== undefined) result[to] = result[from];
    delete result[from];
  }
  // The nullable strings of the schema (domains, logo, colours) are the fields that form may lack.
  for (const [name, field] of Object.entries(workspaceSchema.shape))
    if (field === nullableString) result[name] ??= null;
  result.darkMode ??= false;
  result.changelogPublic ??= false;
  return result;
}

/** `GET /workspaces/{id}`: workspace naming as above; a missing changelog is null. */
export function normaliseWorkspaceResponse(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return { ...body, workspace: normaliseWorkspace(body.workspace), latestChangelog: body.latestChangelog ?? null };
}
