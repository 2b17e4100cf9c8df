import { createV2Client } from '@hearken/core';

/** What an upvote is for. */
export interface UpvoteTarget {
  kind: 'issue' | 'project';
  id: string;
  title: string;
}

/** Records an upvote as a thread with origin UPVOTE. */
export type SendUpvote = (target: UpvoteTarget) => Promise<{ threadId: string }>;

/**
 * An upvote sender through the key proxy: the v2 client without a key (the proxy holds it).
 */
export function upvoteSender(proxy: string, fetch: typeof globalThis.fetch | undefined): SendUpvote {
  const client = createV2Client({ baseUrl: proxy, fetch });
  return async (target) => {
    const row = await client.threads.create({
      text: `Upvote: ${target.title}`,
      origin: 'UPVOTE',
      ...(target.kind === 'issue' ? { issue_id: target.id } : { project_id: target.id }),
    });
    return { threadId: row.id };
  };
}
