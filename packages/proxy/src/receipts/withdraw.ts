import { errorReply, notFound, REQUEST_ID } from '../http/envelope.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';
import { readReceipts, verifyReceipt } from './receipt.ts';
import type { ThreadReads } from './thread-reads.ts';

const failed = (requestId: string): Outcome => ({
  reply: errorReply('upstream_error', 'The feedback service could not be reached', requestId),
  reason: 'upstream',
});

/**
 * `DELETE /api/v2/threads/{id}` with the thread's receipt: deletes it when it is an `UPVOTE`
 * (a vote taken back), 204; 404 when it is gone or is anything else. No receipt or a forged or
 * expired one is 401, a receipt of another thread 403, and nothing reaches the service.
 */
export function createWithdrawRoute(secret: Uint8Array, reads: ThreadReads) {
  return async function serve(request: ProxyRequest, threadId: string, requestId: string): Promise<Outcome> {
    const list = readReceipts(request.header('authorization'));
    if (!list.ok || list.receipts.length !== 1) {
      const message = list.ok ? 'Authorization: one receipt, of the thread' : list.message;
      return { reply: errorReply('unauthenticated', message, requestId), reason: 'receipt' };
    }
    const verified = await verifyReceipt(secret, list.receipts[0]!);
    if (!verified.ok) {
      return {
        reply: errorReply('unauthenticated', `Authorization: the receipt ${verified.message}`, requestId),
        reason: 'receipt',
      };
    }
    if (verified.threadId !== threadId) {
      return { reply: errorReply('forbidden', 'The receipt is for another thread', requestId), reason: 'receipt' };
    }
    const row = await reads.thread(threadId);
    if (row === 'failed') return failed(requestId);
    if (row === null || row.origin !== 'UPVOTE') return { reply: notFound(requestId), reason: 'not_upvote' };
    const removed = await reads.remove(threadId);
    if (removed === 'failed') return failed(requestId);
    if (!removed) return { reply: notFound(requestId), reason: 'not_upvote' };
    return { reply: { status: 204, headers: { 'cache-control': 'no-store', [REQUEST_ID]: requestId }, body: null } };
  };
}
