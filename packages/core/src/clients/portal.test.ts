import { describe, expect, it, vi } from 'vitest';
import { isNotFoundError, isRequestValidationError, isResponseShapeError } from '../contract/errors.ts';
import { createFakeFetch, json, sequence } from '../test/fake-fetch.ts';
import { changelog, issue, project, workspace } from '../test/fixtures.ts';
import { createPortalClient, createPortalConnection, getWorkspace, listIssues, listProjects } from './portal.ts';

const baseUrl = 'https://feedback.example.com';

describe('createPortalClient', () => {
  it('reads a workspace with its latest changelog, without any Authorization header', async () => {
    const server = createFakeFetch(() => json(200, { workspace, latestChangelog: changelog }));
    const portal = createPortalClient({ baseUrl, fetch: server.fetch });
    const result = await portal.getWorkspace('ws_1');
    expect(result).toEqual({ workspace, latestChangelog: changelog });
    const [call] = server.calls;
    expect(call?.method).toBe('GET');
    expect(call?.url.href).toBe(`${baseUrl}/api/v1/workspaces/ws_1`);
    expect(call?.headers.has('authorization')).toBe(false);
  });

  it('accepts a rich-text changelog and a missing changelog', async () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph' }] };
    const server = createFakeFetch(
      sequence(
        () => json(200, { workspace, latestChangelog: { ...changelog, notes: doc } }),
        () => json(200, { workspace, latestChangelog: null }),
      ),
    );
    const portal = createPortalClient({ baseUrl, fetch: server.fetch });
    expect((await portal.getWorkspace('ws_1')).latestChangelog?.notes).toEqual(doc);
    expect((await portal.getWorkspace('ws_2')).latestChangelog).toBeNull();
  });

  it('maps the alternative workspace property names onto the documented ones', async () => {
    const alternative = {
      id: 'ws_1',
      name: 'Acme',
      slug: 'acme',
      logo: 'https://cdn.example.com/l.png',
      primaryColor: '#123456',
      secondaryColor: '#654321',
      isPublished: true,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-02T00:00:00Z',
    };
    const server = createFakeFetch(() => json(200, { workspace: alternative, latestChangelog: null }));
    const { workspace: result } = await createPortalClient({ baseUrl, fetch: server.fetch }).getWorkspace('ws_1');
    expect(result).toMatchObject({
      id: 'ws_1',
      domain: 'acme',
      logoUrl: 'https://cdn.example.com/l.png',
      accentColor: '#123456',
      secondaryColor: '#654321',
      isPublished: true,
      darkMode: false,
      changelogPublic: false,
      textColor: null,
    });
    expect(result).not.toHaveProperty('slug');
  });

  it.each([
    ['a plain array', [project('p_1'), project('p_2')]],
    ['an object with projects', { projects: [project('p_1'), project('p_2')] }],
  ])('returns projects sent as %s as an array, passing the language', async (_form, body) => {
    const server = createFakeFetch(() => json(200, body));
    const projects = await createPortalClient({ baseUrl, fetch: server.fetch }).listProjects('ws 1', {
      language: 'de',
    });
    expect(projects.map((p) => p.id)).toEqual(['p_1', 'p_2']);
    expect(server.calls[0]?.url.pathname).toBe('/api/v1/projects/ws%201');
    expect(server.calls[0]?.url.searchParams.get('language')).toBe('de');
  });

  it('lists issues and leaves out an absent language', async () => {
    const server = createFakeFetch(() => json(200, [issue()]));
    const issues = await createPortalClient({ baseUrl: `${baseUrl}/`, fetch: server.fetch }).listIssues('ws_1');
    expect(issues).toEqual([issue()]);
    expect(server.calls[0]?.url.href).toBe(`${baseUrl}/api/v1/issues/ws_1`);
  });

  it('revalidates with If-None-Match per URL and returns the kept value on 304', async () => {
    const server = createFakeFetch((request) =>
      request.headers.get('if-none-match') === '"v1"' ? json(304) : json(200, [project()], { etag: '"v1"' }),
    );
    const portal = createPortalClient({ baseUrl, fetch: server.fetch });
    const first = await portal.listProjects('ws_1');
    const second = await portal.listProjects('ws_1');
    await portal.listProjects('ws_1', { language: 'fr' });
    expect(second).toBe(first);
    expect(server.calls.map((call) => call.headers.get('if-none-match'))).toEqual([null, '"v1"', null]);
  });

  it('reports an unpublished portal as NotFoundError with the server message', async () => {
    const server = createFakeFetch(() => json(404, { message: 'Workspace not found', code: 'NOT_FOUND' }));
    const error = await createPortalClient({ baseUrl, fetch: server.fetch })
      .listProjects('ws_hidden')
      .catch((e: unknown) => e);
    expect(isNotFoundError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Workspace not found' });
    expect(server.calls).toHaveLength(1);
  });

  it('passes a language to the workspace read and refuses one that is not a language tag', async () => {
    const server = createFakeFetch(() => json(200, { workspace, latestChangelog: changelog }));
    const portal = createPortalClient({ baseUrl, fetch: server.fetch });
    await portal.getWorkspace('ws_1', { language: 'pt-BR' });
    expect(server.calls[0]?.url.search).toBe('?language=pt-BR');
    await expect(portal.listIssues('ws_1', { language: 'de; drop' })).rejects.toMatchObject({ field: 'language' });
    expect(server.calls).toHaveLength(1);
  });

  it('rejects an empty workspace id naming the field, sending nothing', async () => {
    const server = createFakeFetch(() => json(200, []));
    const error = await createPortalClient({ baseUrl, fetch: server.fetch })
      .listIssues('')
      .catch((e: unknown) => e);
    expect(isRequestValidationError(error)).toBe(true);
    expect(error).toMatchObject({ field: 'workspaceId' });
    expect(server.calls).toHaveLength(0);
  });

  it('validates responses: strict throws, lenient reports and returns, off returns', async () => {
    const broken = [{ ...project(), upvotes: 'many' }];
    const server = createFakeFetch(() => json(200, broken));
    const strict = await createPortalClient({ baseUrl, fetch: server.fetch })
      .listProjects('ws_1')
      .catch((e: unknown) => e);
    expect(isResponseShapeError(strict)).toBe(true);
    expect(strict).toMatchObject({ issues: [{ path: [0, 'upvotes'], code: 'invalid_type' }] });
    expect((strict as Error).message).toContain('0.upvotes expected number');

    const onResponseShapeError = vi.fn();
    const lenient = createPortalClient({ baseUrl, fetch: server.fetch, validation: 'lenient', onResponseShapeError });
    expect(await lenient.listProjects('ws_1')).toEqual(broken);
    expect(onResponseShapeError).toHaveBeenCalledOnce();

    const off = createPortalClient({ baseUrl, fetch: server.fetch, validation: 'off' });
    expect(await off.listProjects('ws_1')).toEqual(broken);
  });

  it('checks a long issue list between other tasks and still names a bad item by its index', async () => {
    const issues = Array.from({ length: 350 }, (_, i) => issue(`i_${i}`));
    const yields = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yields });
    try {
      const server = createFakeFetch(
        sequence(
          () => json(200, issues),
          () =>
            json(
              200,
              issues.map((entry, i) => (i === 150 ? { ...entry, title: 7 } : entry)),
            ),
        ),
      );
      const portal = createPortalClient({ baseUrl, fetch: server.fetch });
      expect(await portal.listIssues('ws_1')).toHaveLength(350);
      expect(yields).toHaveBeenCalledTimes(3);
      const error = await portal.listIssues('ws_2').catch((reason: unknown) => reason);
      expect(isResponseShapeError(error) && error.issues.map((found) => found.path)).toEqual([[150, 'title']]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('takes a page’s own fetch, so a shell can hand over a response it prefetched', async () => {
    const network = createFakeFetch(() => json(200, [issue()]));
    const prefetched = new Map([
      [`${baseUrl}/api/v1/workspaces/ws_1`, Promise.resolve(json(200, { workspace, latestChangelog: null }))],
    ]);
    // As the README writes it: the option's parameter is a Request, so `request.url` type-checks.
    const portal = createPortalClient({
      baseUrl,
      fetch: (request) => {
        const early = prefetched.get(request.url);
        prefetched.delete(request.url);
        return early ?? network.fetch(request);
      },
    });
    expect((await portal.getWorkspace('ws_1')).workspace.id).toBe(workspace.id);
    expect(network.calls).toHaveLength(0);
    expect(await portal.listIssues('ws_1')).toEqual([issue()]);
    expect(network.calls.map((call) => call.url.pathname)).toEqual(['/api/v1/issues/ws_1']);
  });
});

describe('portal read functions over a connection', () => {
  it('read like the client and share one ETag cache per connection, not between connections', async () => {
    const server = createFakeFetch((request) => {
      if (request.headers.get('if-none-match') === '"w1"') return json(304);
      const path = request.url.pathname;
      if (path.includes('/workspaces/')) return json(200, { workspace, latestChangelog: null }, { etag: '"w1"' });
      return json(200, path.includes('/projects/') ? [project()] : [issue()]);
    });
    const connection = createPortalConnection({ baseUrl, fetch: server.fetch });
    const first = await getWorkspace(connection, 'ws_1');
    expect(first).toEqual({ workspace, latestChangelog: null });
    expect(await getWorkspace(connection, 'ws_1')).toBe(first);
    expect(await listProjects(connection, 'ws_1', { language: 'de' })).toEqual([project()]);
    expect(await listIssues(connection, 'ws_1')).toEqual([issue()]);
    await getWorkspace(createPortalConnection({ baseUrl, fetch: server.fetch }), 'ws_1');
    expect(
      server.calls.map((call) => [call.url.pathname + call.url.search, call.headers.get('if-none-match')]),
    ).toEqual([
      ['/api/v1/workspaces/ws_1', null],
      ['/api/v1/workspaces/ws_1', '"w1"'],
      ['/api/v1/projects/ws_1?language=de', null],
      ['/api/v1/issues/ws_1', null],
      ['/api/v1/workspaces/ws_1', null],
    ]);
  });

  it('getWorkspace rejects an empty workspace id naming the field, sending nothing', async () => {
    const server = createFakeFetch(() => json(200, { workspace, latestChangelog: null }));
    const error = await getWorkspace(createPortalConnection({ baseUrl, fetch: server.fetch }), '').catch(
      (e: unknown) => e,
    );
    expect(isRequestValidationError(error)).toBe(true);
    expect(error).toMatchObject({ field: 'workspaceId' });
    expect(server.calls).toHaveLength(0);
  });
});
