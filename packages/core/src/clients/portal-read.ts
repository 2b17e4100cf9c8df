import type { WorkspaceResponse } from '../contract/schemas/workspace.ts';
import { parseResponse, type ResponseValidationOptions, validateInput } from '../contract/validate.ts';
import type { Operation } from '../operations/operation.ts';
import { portalGetWorkspaceOperation } from '../operations/portal.ts';
import { checkClientOptions } from '../transport/check-options.ts';
import { createTransport, type HttpResponse, type Transport } from '../transport/http.ts';
import type { CallOptions, TransportOptions } from '../transport/options.ts';
import { operationRequest } from './call.ts';
import { normaliseWorkspaceResponse } from './normalise-workspace.ts';

export interface PortalReadOptions extends CallOptions {
  /** Language of names and descriptions; the original text where no translation exists. */
  language?: string | undefined;
}

/** Turns a response body into the read's value: normalised, then checked as the validation mode says. */
export type PortalParse<T> = (
  body: unknown,
  validation: ResponseValidationOptions,
  response: HttpResponse,
) => T | Promise<T>;

/** One public portal read of a workspace, normalised and checked by `parse`. */
export type PortalRead = <T>(
  operation: Operation,
  workspaceId: string,
  parse: PortalParse<T>,
  options?: PortalReadOptions,
) => Promise<T>;

/**
 * The portal reads' one request path. Each URL's last answer is kept with its ETag: the next read
 * sends If-None-Match and a 304 returns the kept value.
 */
export function createPortalRead(send: Transport, validation: ResponseValidationOptions): PortalRead {
  const cache = new Map<string, { etag: string; value: unknown }>();
  return async <T>(
    operation: Operation,
    workspaceId: string,
    parse: PortalParse<T>,
    { language, ...call }: PortalReadOptions = {},
  ) => {
    const request = operationRequest(operation, {
      params: { workspaceId },
      query: validateInput(operation.query!, { language }),
    });
    const key = `${request.path}?${language ?? ''}`;
    const cached = cache.get(key);
    const response = await send({ ...request, headers: cached ? { 'if-none-match': cached.etag } : undefined }, call);
    if (response.status === 304 && cached) return cached.value as T;
    const value = await parse(response.body, validation, response);
    const etag = response.headers.get('etag');
    if (etag) cache.set(key, { etag, value });
    return value;
  };
}

export interface PortalClientOptions extends Omit<TransportOptions, 'headers'>, ResponseValidationOptions {}

/**
 * One connection to the public portal reads: base URL, retries, pacing, response validation and
 * the ETag cache, shared by every read made over it. The portal client holds one; the portal
 * read functions ({@link getWorkspace}, `listProjects`, `listIssues`) take one as their first argument.
 */
export type PortalConnection = PortalRead;

/** Opens a portal connection; no key involved. */
export function createPortalConnection(options: PortalClientOptions): PortalConnection {
  checkClientOptions(options);
  return createPortalRead(createTransport(options), options);
}

/**
 * `GET /api/v1/workspaces/{workspaceId}` over `connection`: the branding and the latest changelog
 * (null when there is none); `language` translates the changelog. The portal client's
 * `getWorkspace`, for code that reads nothing else (the projects' and issues' schemas stay out).
 */
export function getWorkspace(
  connection: PortalConnection,
  workspaceId: string,
  options?: PortalReadOptions,
): Promise<WorkspaceResponse> {
  return connection(
    portalGetWorkspaceOperation,
    workspaceId,
    (body, validation, response) =>
      parseResponse(portalGetWorkspaceOperation.output, normaliseWorkspaceResponse(body), validation, response),
    options,
  );
}
