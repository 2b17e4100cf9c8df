import { createThread, createV2Connection } from '@hearken/core';

/** What an upvote is for. */
export interface UpvoteTarget {
  kind: 'issue' | 'project';
  id: string;
  title: string;
}

/** Records an upvote as a thread with origin UPVOTE. */
export type SendUpvote = (target: UpvoteTarget) => Promise<{ threadId: string }>;

/**
 * An upvote sender through the key proxy: a v2 connection without a key (the proxy holds it) and
 * `createThread`, the one v2 call the proxy forwards.
 */
export function upvoteSender(proxy: string, fetch: typeof globalThis.fetch | undefined): SendUpvote {
  const connection = createV2Connection({ baseUrl: proxy, fetch });
  return async (target) => {
    const row = await createThread(connection, {
      text: `Upvote: ${target.title}`,
      origin: 'UPVOTE',
      ...(target.kind === 'issue' ? { issue_id: target.id } : { project_id: target.id }),
    });
    return { threadId: row.id };
  };
}
