import type { ResolvedOptions } from '../config/options.ts';
import type { KeyCheck } from '../upstream/startup-check.ts';
import { RECEIPTS_SCOPE } from '../upstream/startup-check.ts';
import { receiptSecretFromKey } from './secret.ts';

/** Receipts as the routes use them: the signing secret and the workspace the key belongs to. */
export interface Receipts {
  secret: Uint8Array;
  workspaceId: string;
}

/**
 * Receipts' settings once the key is known: on when not turned off and the key carries
 * `threads:read`; otherwise null, and the start says why (`receipts_off`).
 */
export async function receiptsFor(options: ResolvedOptions, key: KeyCheck): Promise<Receipts | null> {
  if (options.receipts === null) {
    options.log({ level: 'info', event: 'receipts_off', reason: 'receipts: false' });
    return null;
  }
  if (!key.scopes.includes(RECEIPTS_SCOPE)) {
    options.log({
      level: 'warn',
      event: 'receipts_off',
      reason: `The API key lacks "${RECEIPTS_SCOPE}": browsers get no receipts, so they cannot hear back about what they sent nor take a vote back`,
    });
    return null;
  }
  return {
    secret: options.receipts.secret ?? (await receiptSecretFromKey(options.apiKey)),
    workspaceId: key.workspaceId,
  };
}
