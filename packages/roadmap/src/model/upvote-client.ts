import { createThreadWithTicket, createV2Connection, isNotFoundError, withdrawVote } from '@hearken/core';

/** What an upvote is for. */
export interface UpvoteTarget {
  kind: 'issue' | 'project';
  id: string;
  title: string;
}

/** A recorded upvote: its thread, and the proxy's receipt for it (none when the proxy hands none out). */
export interface SentUpvote {
  threadId: string;
  receipt?: string | undefined;
}

/** Records an upvote as a thread with origin UPVOTE; `withdraw`, where given, takes one back with its receipt. */
export type SendUpvote = ((target: UpvoteTarget) => Promise<SentUpvote>) & {
  withdraw?: ((threadId: string, receipt: string) => Promise<void>) | undefined;
};

/**
 * An upvote sender through the key proxy: a v2 connection without a key (the proxy holds it),
 * `createThreadWithTicket` (the thread create, with the proxy's receipt) and `withdrawVote`.
 */
export function upvoteSender(proxy: string, fetch: typeof globalThis.fetch | undefined): SendUpvote {
  const connection = createV2Connection({ baseUrl: proxy, fetch });
  const send = async (target: UpvoteTarget): Promise<SentUpvote> => {
    const { thread, receipt } = await createThreadWithTicket(connection, {
      text: `Upvote: ${target.title}`,
      origin: 'UPVOTE',
      ...(target.kind === 'issue' ? { issue_id: target.id } : { project_id: target.id }),
    });
    return { threadId: thread.id, receipt };
  };
  return Object.assign(send, {
    async withdraw(threadId: string, receipt: string) {
      try {
        await withdrawVote(connection, threadId, receipt);
      } catch (error) {
        // Already gone (taken back in another tab): the vote is taken back all the same.
        if (!isNotFoundError(error)) throw error;
      }
    },
  });
}
