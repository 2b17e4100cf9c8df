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
