import type { ThreadUpdate } from '@hearken/core';
import type { ResolvedOptions } from '../config/options.ts';
import { errorReply, invalidField, jsonTextReply, REQUEST_ID } from '../http/envelope.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';
import { verifyIdentity } from '../http/identity-token.ts';
import { sha256Hex } from '../http/sha256.ts';
import { readReceipts, verifyReceipt } from './receipt.ts';
import type { ThreadReads, ThreadRow } from './thread-reads.ts';

const BEARER = /^Bearer\s/i;

async function etagOf(text: string): Promise<string> {
  return `"${(await sha256Hex(text)).slice(0, 32)}"`;
}

/** `If-None-Match` names `etag` (weakly compared, as a compressed copy's tag comes back `W/`). */
const matches = (header: string | null, etag: string) =>
  header?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

const unauthenticated = (message: string, requestId: string, reason: string): Outcome => ({
  reply: errorReply('unauthenticated', message, requestId),
  reason,
});

/**
 * `GET /api/v2/threads/updates`: for each receipt's live thread, or with a verified identity
 * token each live thread of its email, only `{id, state, updated_at, issue}`, with an ETag and
 * 304 for a matching `If-None-Match`. A missing, forged or expired receipt is 401 naming it, more
 * than 100 is 400; the service failing is 502.
 */
export function createUpdatesRoute(options: ResolvedOptions, secret: Uint8Array, reads: ThreadReads) {
  async function rowsOf(request: ProxyRequest, requestId: string): Promise<ThreadRow[] | 'failed' | Outcome> {
    const authorization = request.header('authorization');
    if (authorization !== null && BEARER.test(authorization.trim())) {
      const identity = await verifyIdentity(authorization, options.identity);
      if (identity.kind !== 'verified') {
        return unauthenticated(identity.kind === 'rejected' ? identity.message : 'No identity', requestId, 'identity');
      }
      return reads.threadsOf(identity.identity.email);
    }
    const list = readReceipts(authorization);
    if (!list.ok) {
      return list.status === 400
        ? { reply: invalidField('Authorization', list.message, requestId), reason: 'receipts_too_many' }
        : unauthenticated(list.message, requestId, 'receipt');
    }
    const ids: string[] = [];
    for (const [index, receipt] of list.receipts.entries()) {
      const verified = await verifyReceipt(secret, receipt);
      if (!verified.ok)
        return unauthenticated(`Authorization: receipt ${index + 1} ${verified.message}`, requestId, 'receipt');
      ids.push(verified.threadId);
    }
    return reads.threads([...new Set(ids)]);
  }

  return async function serve(request: ProxyRequest, requestId: string): Promise<Outcome> {
    const rows = await rowsOf(request, requestId);
    if (rows === 'failed') {
      return {
        reply: errorReply('upstream_error', 'The feedback service could not be reached', requestId),
        reason: 'upstream',
      };
    }
    if (!Array.isArray(rows)) return rows;
    const issues = rows.some((row) => row.issue_id !== null) ? await reads.issues() : new Map();
    const data: ThreadUpdate[] = rows.map((row) => {
      const issue = row.issue_id === null ? undefined : issues.get(row.issue_id);
      return {
        id: row.id,
        state: row.state as ThreadUpdate['state'],
        updated_at: row.updated_at,
        issue: issue && row.issue_id !== null ? { id: row.issue_id, title: issue.title, status: issue.status } : null,
      };
    });
    const text = JSON.stringify({ data });
    const etag = await etagOf(text);
    if (matches(request.header('if-none-match'), etag)) {
      return {
        reply: { status: 304, headers: { etag, 'cache-control': 'no-store', [REQUEST_ID]: requestId }, body: null },
      };
    }
    return { reply: jsonTextReply(200, text, requestId, { etag }) };
  };
}
