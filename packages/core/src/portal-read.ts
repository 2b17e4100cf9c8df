import { normaliseWorkspaceResponse } from './normalise-workspace.ts';
import type { AnySchema, Output } from './schema/index.ts';
import { idSchema } from './schemas/common.ts';
import { languageSchema, type WorkspaceResponse, workspaceResponseSchema } from './schemas/workspace.ts';
import type { CallOptions, Transport } from './transport.ts';
import { parseResponse, type ResponseValidationOptions, validateInput } from './validate.ts';

export interface PortalReadOptions extends CallOptions {
  /** Language of names and descriptions; the original text where no translation exists. */
  language?: string | undefined;
}

/** One public portal read: `GET /api/v1/{resource}/{workspaceId}`, normalised and checked. */
export type PortalRead = <S extends AnySchema>(
  resource: string,
  workspaceId: string,
  schema: S,
  normalise: (body: unknown) => unknown,
  options?: PortalReadOptions,
) => Promise<Output<S>>;

/**
 * The portal reads' one request path. Each URL's last answer is kept with its ETag: the next read
 * sends If-None-Match and a 304 returns the kept value.
 */
export function createPortalRead(send: Transport, validation: ResponseValidationOptions): PortalRead {
  const cache = new Map<string, { etag: string; value: unknown }>();
  return async (resource, workspaceId, schema, normalise, { language, ...call } = {}) => {
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
    if (response.status === 304 && cached) return cached.value as Output<typeof schema>;
    const value = parseResponse(schema, normalise(response.body), validation, response);
    const etag = response.headers.get('etag');
    if (etag) cache.set(key, { etag, value });
    return value;
  };
}

/** `getWorkspace` of the portal client, over `read`. */
export const getWorkspace =
  (read: PortalRead) =>
  (workspaceId: string, options?: PortalReadOptions): Promise<WorkspaceResponse> =>
    read('workspaces', workspaceId, workspaceResponseSchema, normaliseWorkspaceResponse, options);
