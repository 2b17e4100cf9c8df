import { createV2Client, KEY_PREFIXES, v2CreateThreadOperation } from '@hearken/core';
import { ProxyConfigError } from '../config/errors.ts';
import type { ResolvedOptions } from '../config/options.ts';

/** The one scope a widget proxy needs: the scope of the one operation it forwards. */
export const REQUIRED_SCOPE = v2CreateThreadOperation.scope;

/**
 * Asks the service who the key is (GET /api/v2/me) and refuses keys that cannot work or could do
 * more than a browser should ever reach: v1 keys, unknown or revoked keys, keys without
 * `threads:write`, and, unless `allowBroadKey`, keys with any other scope.
 */
export async function checkKey(options: ResolvedOptions): Promise<readonly string[]> {
  if (options.apiKey.startsWith(KEY_PREFIXES.v1)) throw refusal({ name: 'UnsupportedKeyVersionError' });
  let scopes: readonly string[];
  try {
    const client = createV2Client({
      baseUrl: options.upstream,
      apiKey: options.apiKey,
      fetch: options.fetch,
      timeout: options.timeout,
      retry: 0,
    });
    ({ scopes } = await client.me());
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
  const extra = scopes.filter((scope) => scope !== REQUIRED_SCOPE);
  if (extra.length > 0 && !options.allowBroadKey) {
    throw new ProxyConfigError(
      'broad_key',
      `The API key carries scopes a browser-facing proxy does not need (${extra.join(', ')}). Use a Custom key with only "${REQUIRED_SCOPE}", or set allowBroadKey to accept the risk.`,
      { scopes },
    );
  }
  return scopes;
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
