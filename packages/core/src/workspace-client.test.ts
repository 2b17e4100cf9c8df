import { describe, expect, it } from 'vitest';
import { isRequestValidationError, isResponseShapeError } from './contract/errors.ts';
import { createFakeFetch, json, sequence } from './test/fake-fetch.ts';
import { changelog, workspace } from './test/fixtures.ts';
import { createWorkspaceClient } from './workspace-client.ts';

const baseUrl = 'https://feedback.example.com';

describe('createWorkspaceClient', () => {
  it('reads the workspace like createPortalClient, revalidating with the ETag', async () => {
    const body = { workspace, latestChangelog: changelog };
    const server = createFakeFetch(
      sequence(
        () => json(200, body, { etag: '"v1"' }),
        () => new Response(null, { status: 304 }),
      ),
    );
    const client = createWorkspaceClient({ baseUrl, fetch: server.fetch });
    expect(await client.getWorkspace('ws_1')).toEqual(body);
    expect(await client.getWorkspace('ws_1')).toEqual(body);
    expect(server.calls.map((call) => call.url.href)).toEqual([
      `${baseUrl}/api/v1/workspaces/ws_1`,
      `${baseUrl}/api/v1/workspaces/ws_1`,
    ]);
    expect(server.calls[1]?.headers.get('if-none-match')).toBe('"v1"');
  });

  it('normalises the alternative names and checks the answer', async () => {
    const server = createFakeFetch(
      sequence(
        () => json(200, { workspace: { id: 'ws_1', name: 'Acme', primaryColor: '#123456' }, latestChangelog: null }),
        () => json(200, { workspace: { id: 'ws_2' }, latestChangelog: null }),
      ),
    );
    const client = createWorkspaceClient({ baseUrl, fetch: server.fetch });
    expect((await client.getWorkspace('ws_1')).workspace.accentColor).toBe('#123456');
    expect(isResponseShapeError(await client.getWorkspace('ws_2').catch((e: unknown) => e))).toBe(true);
  });

  it('rejects an empty workspace id before any request', async () => {
    const server = createFakeFetch(() => json(200, {}));
    const failure = await createWorkspaceClient({ baseUrl, fetch: server.fetch })
      .getWorkspace('')
      .catch((e: unknown) => e);
    expect(isRequestValidationError(failure) && failure.field).toBe('workspaceId');
    expect(server.calls).toHaveLength(0);
  });
});
