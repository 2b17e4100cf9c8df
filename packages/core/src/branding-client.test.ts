import { describe, expect, it } from 'vitest';
import { createBrandingClient } from './branding-client.ts';
import { createPortalClient } from './clients/portal.ts';
import { isRequestValidationError, isResponseShapeError } from './contract/errors.ts';
import { createFakeFetch, json, sequence } from './test/fake-fetch.ts';
import { changelog, workspace } from './test/fixtures.ts';

const baseUrl = 'https://feedback.example.com';

describe('createBrandingClient', () => {
  it('reads the workspace branding with a plain GET each time, leaving caching to the HTTP cache', async () => {
    const server = createFakeFetch(() => json(200, { workspace, latestChangelog: changelog }, { etag: '"v1"' }));
    const client = createBrandingClient({ baseUrl, fetch: server.fetch });
    expect(await client.getBranding('ws_1')).toEqual(workspace);
    expect(await client.getBranding('ws 1/x')).toEqual(workspace);
    expect(server.calls.map((call) => [call.method, call.url.href, call.headers.get('if-none-match')])).toEqual([
      ['GET', `${baseUrl}/api/v1/workspaces/ws_1`, null],
      ['GET', `${baseUrl}/api/v1/workspaces/ws%201%2Fx`, null],
    ]);
  });

  it('gives the same workspace as the portal client, alternative names normalised', async () => {
    const body = {
      workspace: { id: 'ws_1', name: 'Acme', slug: 'acme', primaryColor: '#123456' },
      latestChangelog: null,
    };
    const server = createFakeFetch(() => json(200, body));
    const branding = await createBrandingClient({ baseUrl, fetch: server.fetch }).getBranding('ws_1');
    expect(branding).toMatchObject({ domain: 'acme', accentColor: '#123456', darkMode: false });
    expect(branding).toEqual(
      (await createPortalClient({ baseUrl, fetch: server.fetch }).getWorkspace('ws_1')).workspace,
    );
  });

  it('checks the branding only: a changelog of any shape is ignored, a broken workspace is not', async () => {
    const server = createFakeFetch(
      sequence(
        () => json(200, { workspace, latestChangelog: { title: 42 } }),
        () => json(200, { workspace }),
        () => json(200, { workspace: { ...workspace, darkMode: 'yes' }, latestChangelog: null }),
      ),
    );
    const client = createBrandingClient({ baseUrl, fetch: server.fetch });
    expect(await client.getBranding('ws_1')).toEqual(workspace);
    expect(await client.getBranding('ws_1')).toEqual(workspace);
    const failure = await client.getBranding('ws_1').catch((e: unknown) => e);
    expect(isResponseShapeError(failure) && failure.issues[0]?.path).toEqual(['workspace', 'darkMode']);
  });

  it('rejects an empty workspace id before any request', async () => {
    const server = createFakeFetch(() => json(200, {}));
    const failure = await createBrandingClient({ baseUrl, fetch: server.fetch })
      .getBranding('')
      .catch((e: unknown) => e);
    expect(isRequestValidationError(failure) && failure.field).toBe('workspaceId');
    expect(server.calls).toHaveLength(0);
  });
});
