import type * as z from 'zod/mini';
import { normaliseProjects, normaliseWorkspaceResponse } from './normalise.ts';
import { idSchema } from './schemas/common.ts';
import {
  type Issue,
  issueListSchema,
  languageSchema,
  type Project,
  projectListSchema,
  type WorkspaceResponse,
  workspaceResponseSchema,
} from './schemas/portal.ts';
import { type CallOptions, createTransport, type Transport, type TransportOptions } from './transport.ts';
import { parseResponse, type ResponseValidationOptions, validateInput } from './validate.ts';

export interface PortalClientOptions extends Omit<TransportOptions, 'headers'>, ResponseValidationOptions {}

export interface PortalReadOptions extends CallOptions {
  /** Language of names and descriptions; the original text where no translation exists. */
  language?: string | undefined;
}

/** The public portal reads; no key involved. */
export interface PortalClient {
  /** Workspace branding and the latest changelog (null when there is none); `language` translates the changelog. */
  getWorkspace(workspaceId: string, options?: PortalReadOptions): Promise<WorkspaceResponse>;
  /** Projects of a published portal; `NotFoundError` when the portal is not published. */
  listProjects(workspaceId: string, options?: PortalReadOptions): Promise<Project[]>;
  listIssues(workspaceId: string, options?: PortalReadOptions): Promise<Issue[]>;
}

/**
 * Client for the public portal reads. Each URL's last answer is kept with its ETag: the next read
 * sends If-None-Match and a 304 returns the kept value.
 */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  return createPortalReads(createTransport(options), options);
}

/** The portal reads over a given transport (also used by the v1 client's `.portal`). */
export function createPortalReads(send: Transport, validation: ResponseValidationOptions): PortalClient {
  const cache = new Map<string, { etag: string; value: unknown }>();

  async function read<S extends z.ZodMiniType>(
    resource: string,
    workspaceId: string,
    schema: S,
    normalise: (body: unknown) => unknown,
    { language, ...call }: PortalReadOptions = {},
  ): Promise<z.output<S>> {
    const path = `/api/v1/${resource}/${encodeURIComponent(validateInput(idSchema, workspaceId, 'workspaceId'))}`;
    const query = {
      language: language === undefined ? undefined : validateInput(languageSchema, language, 'language'),
    };
    const key = `${path}?${language ?? ''}`;
    const cached = cache.get(key);
    const response = await send(
      { method: 'GET', path, query, headers: cached ? { 'if-none-match': cached.etag } : undefined },
      call,
    );
    if (response.status === 304 && cached) return cached.value as z.output<S>;
    const value = parseResponse(schema, normalise(response.body), validation, response);
    const etag = response.headers.get('etag');
    if (etag) cache.set(key, { etag, value });
    return value;
  }

  return {
    getWorkspace: (workspaceId, options) =>
      read('workspaces', workspaceId, workspaceResponseSchema, normaliseWorkspaceResponse, options),
    listProjects: (workspaceId, options) =>
      read('projects', workspaceId, projectListSchema, normaliseProjects, options),
    listIssues: (workspaceId, options) => read('issues', workspaceId, issueListSchema, (body) => body, options),
  };
}
