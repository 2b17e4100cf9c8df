import { createFeedbackClient } from '@hearken/core';

/** What an upvote is for. */
export interface UpvoteTarget {
  kind: 'issue' | 'project';
  id: string;
  title: string;
}

/**
 * Records an upvote as a thread with origin UPVOTE through the key proxy. `createFeedbackClient`
 * is `createV2Client(...).threads.create` without the v2 methods a widget never calls.
 */
export async function sendUpvote(
  proxy: string,
  target: UpvoteTarget,
  fetch: typeof globalThis.fetch | undefined,
): Promise<{ threadId: string }> {
  const client = createFeedbackClient({ baseUrl: proxy, fetch });
  const row = await client.threads.create({
    text: `Upvote: ${target.title}`,
    origin: 'UPVOTE',
    ...(target.kind === 'issue' ? { issue_id: target.id } : { project_id: target.id }),
  });
  return { threadId: row.id };
}
