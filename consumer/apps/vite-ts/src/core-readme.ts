// The quick start of @hearken/core's README, as written there (its placeholders declared), so
// what the README shows type-checks in a strict app.
import { createPortalClient, createV2Client, isRateLimitedError } from '@hearken/core';

declare const workspaceId: string;
declare const ids: string[];
declare const identityToken: string;
declare const signal: AbortSignal;
declare const process: { env: Record<string, string | undefined> };

// In a page: public reads, no key. Each URL is revalidated with its ETag.
const portal = createPortalClient({ baseUrl: 'https://feedback.example.com' });
const { workspace, latestChangelog } = await portal.getWorkspace(workspaceId);
const projects = await portal.listProjects(workspaceId, { language: 'de' });

// On a server: a v2 key.
const api = createV2Client({ baseUrl: 'https://feedback.example.com', apiKey: process.env.CFS_KEY });
for await (const thread of api.threads.iterate({ tab: 'inbox' })) console.log(thread.title);
await api.threads.bulkUpdate(ids, { state: 'COMPLETED' }); // any number of ids, 100 per call

// In a browser, through the key proxy: no key, the proxy adds it.
const proxy = createV2Client({ baseUrl: '/feedback-proxy', headers: { Authorization: `Bearer ${identityToken}` } });
try {
  await proxy.threads.create({ text: 'Dark mode, please' }, { signal });
} catch (error) {
  if (isRateLimitedError(error)) console.log(`try again in ${error.retryAfterMs} ms`);
}

// A shell that prefetched the workspace hands its answer over, once, through `fetch`.
const url = `${location.origin}/api/v1/workspaces/${workspaceId}`;
const prefetched = new Map([[url, fetch(url)]]);
const shell = createPortalClient({
  baseUrl: location.origin,
  fetch: (input, init) => {
    const key = input instanceof Request ? input.url : String(input);
    const early = prefetched.get(key);
    prefetched.delete(key);
    return early ?? fetch(input, init);
  },
});

export { latestChangelog, projects, shell, workspace };
