import {
  createV2Client,
  KEY_PREFIXES,
  v2CreateMessageOperation,
  v2CreateThreadOperation,
  v2GetThreadOperation,
  v2ListChangelogsOperation,
} from '@hearken/core';
import { ProxyConfigError } from '../config/errors.ts';
import type { ResolvedOptions } from '../config/options.ts';

/** The one scope a widget proxy needs: the scope of the one operation it forwards. */
export const REQUIRED_SCOPE = v2CreateThreadOperation.scope;
/** The scope the published changelog (`portal.changelog`) is read with. */
export const CHANGELOG_SCOPE = v2ListChangelogsOperation.scope;
/** The scope screenshots (`messages`) are forwarded with. */
export const MESSAGES_SCOPE = v2CreateMessageOperation.scope;
/** The scope receipts read threads back with; a key without it has receipts off. */
export const RECEIPTS_SCOPE = v2GetThreadOperation.scope;

/** What the service says of the key. */
export interface KeyCheck {
  scopes: readonly string[];
  workspaceId: string;
}

/**
 * Asks the service who the key is (GET /api/v2/me) and refuses keys that cannot work or could do
 * more than a browser should ever reach: v1 keys, unknown or revoked keys, keys without
 * `threads:write` (or, serving the changelog, without `changelogs:read`; forwarding screenshots,
 * without `messages:write`), and, unless
 * `allowBroadKey`, keys with any other scope (`threads:read` turns receipts on, unless they are off).
 */
export async function checkKey(options: ResolvedOptions): Promise<KeyCheck> {
  if (options.apiKey.startsWith(KEY_PREFIXES.v1)) throw refusal({ name: 'UnsupportedKeyVersionError' });
  let scopes: readonly string[];
  let workspaceId: string;
  try {
    const client = createV2Client({
      baseUrl: options.upstream,
      apiKey: options.apiKey,
      fetch: options.fetch,
      timeout: options.timeout,
      retry: 0,
    });
    ({ scopes, workspace_id: workspaceId } = await client.me());
  } catch (error) {
    throw refusal(error);
  }
  if (!scopes.includes(REQUIRED_SCOPE)) {
    throw new ProxyConfigError(
      'missing_scope',
      `The API key lacks the "${REQUIRED_SCOPE}" scope (it has: ${scopes.join(', ') || 'none'}). Create a Custom key with only "${REQUIRED_SCOPE}".`,
      { scopes },
    );
  }
  if (options.portalChangelog && !scopes.includes(CHANGELOG_SCOPE)) {
    throw new ProxyConfigError(
      'missing_scope',
      `The API key lacks the "${CHANGELOG_SCOPE}" scope, which serving the changelog (portal.changelog, HEARKEN_PORTAL_CHANGELOG) needs (it has: ${scopes.join(', ')}). Create a Custom key with "${REQUIRED_SCOPE}" and "${CHANGELOG_SCOPE}", or turn the changelog off.`,
      { scopes },
    );
  }
  if (options.messages && !scopes.includes(MESSAGES_SCOPE)) {
    throw new ProxyConfigError(
      'missing_scope',
      `The API key lacks the "${MESSAGES_SCOPE}" scope, which forwarding screenshots (messages, HEARKEN_MESSAGES_SECRET) needs (it has: ${scopes.join(', ')}). Create a Custom key with "${REQUIRED_SCOPE}" and "${MESSAGES_SCOPE}", or turn screenshots off.`,
      { scopes },
    );
  }
  const needed: string[] = [
    REQUIRED_SCOPE,
    ...(options.portalChangelog ? [CHANGELOG_SCOPE] : []),
    ...(options.messages ? [MESSAGES_SCOPE] : []),
    ...(options.receipts ? [RECEIPTS_SCOPE] : []),
  ];
  const extra = scopes.filter((scope) => !needed.includes(scope));
  if (extra.length > 0 && !options.allowBroadKey) {
    const only = needed.map((scope) => `"${scope}"`).join(' and ');
    throw new ProxyConfigError(
      'broad_key',
      `The API key carries scopes a browser-facing proxy does not need (${extra.join(', ')}). Use a Custom key with only ${only}, or set allowBroadKey to accept the risk.`,
      { scopes },
    );
  }
  return { scopes, workspaceId };
}

function refusal(error: unknown): ProxyConfigError {
  switch ((error as { name?: unknown } | null)?.name) {
    case 'UnsupportedKeyVersionError':
      return new ProxyConfigError(
        'v1_key',
        `The API key is a v1 key; the proxy needs a v2 key with the "${REQUIRED_SCOPE}" scope.`,
      );
    case 'UnauthenticatedError':
      return new ProxyConfigError('invalid_key', 'The service does not know the API key (unknown or revoked).');
    default:
      return new ProxyConfigError(
        'upstream_unreachable',
        `Could not confirm the API key with the service: ${(error as Error | null)?.message ?? String(error)}`,
      );
  }
}
