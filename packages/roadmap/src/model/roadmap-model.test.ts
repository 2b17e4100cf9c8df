// @vitest-environment node
import { roadmapVotesKey } from '@hearken/core';

import { portal, project, WORKSPACE_ID, workspace } from '@hearken/test-support';
import type { ReadonlySignal } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoadmapView } from '../options.ts';
import { portalUrls } from '../prefetch.ts';
import { createFakeApi, deferred } from '../test/fake-api.ts';
import { createRoadmapModel, type RoadmapModel, type RoadmapModelOptions } from './roadmap-model.ts';

const API = 'https://api.example';
const PROXY = 'https://proxy.example';

/** Resolves once `signal` holds a value `accept` takes. */
function until<T>(signal: ReadonlySignal<T>, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const stop = signal.subscribe((value) => {
      if (!accept(value)) return;
      queueMicrotask(() => stop());
      resolve(value);
    });
  });
}

const ready = (model: RoadmapModel) =>
  until(model.portal.state, (state) => state.status === 'ready' && !state.refreshing);

let models: RoadmapModel[] = [];
afterEach(() => {
  for (const model of models) model.dispose();
  models = [];
});

function setup(options: Partial<RoadmapModelOptions> = {}, data = portal()) {
  const api = createFakeApi(data);
  const model = createRoadmapModel({
    workspace: WORKSPACE_ID,
    apiBase: API,
    fetch: api.fetch,
    storage: null,
    ...options,
  });
  models.push(model);
  return { api, model };
}

describe('createRoadmapModel, without a DOM', () => {
  it('is idle without a workspace and loads workspace, projects and issues in parallel', async () => {
    expect(createRoadmapModel({ storage: null }).portal.state.value).toEqual({ status: 'idle' });
    const { api, model } = setup({ language: 'de' });
    expect(model.portal.state.value.status).toBe('loading');
    await ready(model);
    expect(api.reads().map((read) => read.url.pathname + read.url.search)).toEqual([
      `/api/v1/workspaces/${WORKSPACE_ID}`,
      `/api/v1/projects/${WORKSPACE_ID}?language=de`,
      `/api/v1/issues/${WORKSPACE_ID}?language=de`,
    ]);
    expect(model.portal.data.value?.workspace.name).toBe('Acme');
    expect(model.columns.value.map((column) => [column.state, column.items.map((item) => item.name)])).toEqual([
      ['Planned', ['Billing', 'Exports']],
      ['In Progress', ['Search']],
      ['Completed', ['Dark mode']],
      ['Moonshot', ['Teleport']],
    ]);
    expect(model.views.value).toEqual(['roadmap', 'issues', 'changelog']);
    expect(model.changelog.unread.value).toBeGreaterThan(0);
  });

  it('filters issues by identifier, title or summary as the query changes', async () => {
    const { model } = setup();
    await ready(model);
    expect(model.search.matches.value).toHaveLength(3);
    model.search.query.value = '  LOGGED out ';
    expect(model.search.matches.value.map((item) => item.title)).toEqual(['Fix login']);
    model.search.query.value = 'acm-2';
    expect(model.search.groups.value.map((group) => group.state)).toEqual(['In Progress']);
    model.search.query.value = 'nothing like it';
    expect(model.search.groups.value).toEqual([]);
  });

  it('also finds issues despite typos and other word forms, with the matcher the feedback form uses', async () => {
    const { model } = setup();
    await ready(model);
    model.search.query.value = 'exprots to csv';
    const found = await until(model.search.matches, (matches) => matches.length > 0);
    expect(found.map((item) => item.title)).toEqual(['CSV export']);
    model.search.query.value = 'fastr serch';
    expect(model.search.matches.value.map((item) => item.title)).toEqual(['Faster search']);
    model.search.query.value = 'serch';
    expect(model.search.matches.value.map((item) => item.title)).toEqual(['Faster search']);
    // Part of a word still finds it as before, and unrelated words find nothing.
    model.search.query.value = 'xpor';
    expect(model.search.matches.value.map((item) => item.title)).toEqual(['CSV export']);
    model.search.query.value = 'billing address';
    expect(model.search.matches.value).toEqual([]);
  });

  it('offers no changelog view when the workspace keeps it private', async () => {
    const { model } = setup({}, portal({ workspace: workspace({ changelogPublic: false }) }));
    await ready(model);
    expect(model.views.value).toEqual(['roadmap', 'issues']);
    expect(model.changelog.latest.value).toBeNull();
    expect(model.changelog.entries.value).toEqual([]);
    expect(model.changelog.unread.value).toBe(0);
  });

  it('keeps the data while a refresh runs, and explains a failed first load', async () => {
    const { api, model } = setup();
    await ready(model);
    const hold = deferred<void>();
    api.intercept(() => hold.promise.then(() => undefined));
    model.portal.refresh();
    expect(model.portal.state.value).toMatchObject({ status: 'ready', refreshing: true });
    expect(model.portal.data.value?.projects).toHaveLength(5);
    hold.resolve();
    api.intercept(undefined);
    await ready(model);

    const errors: string[] = [];
    const failing = setup({
      workspace: 'ws_closed',
      onError: (error, source) => errors.push(`${source}:${error.kind}`),
    });
    failing.api.intercept(() => failing.api.json(404, { message: 'Workspace not found', code: 'NOT_FOUND' }));
    const state = await until(failing.model.portal.state, (value) => value.status === 'error');
    expect(state).toMatchObject({ status: 'error', error: { kind: 'unpublished', status: 404 } });
    expect(errors).toEqual(['load:unpublished']);
  });

  it('switches views and reloads for another language, keeping the data and the ETags meanwhile', async () => {
    const { api, model } = setup({ view: 'issues' });
    expect(model.view.value).toBe('issues');
    await ready(model);
    // What a caller without types may pass.
    model.update({ view: 'nonsense' as RoadmapView });
    expect(model.view.value).toBe('roadmap');
    model.update({ language: 'fr' });
    expect(model.portal.state.value).toMatchObject({ status: 'ready', refreshing: true });
    await ready(model);
    const again = api.reads().slice(3);
    expect(again.map((read) => read.url.searchParams.get('language')).sort()).toEqual(['fr', 'fr', null]);
    // The same client, with its ETags: the workspace, read without a language, is revalidated.
    const workspaceRead = again.find((read) => read.url.pathname.startsWith('/api/v1/workspaces/'))!;
    expect(workspaceRead.headers.get('if-none-match')).not.toBeNull();
  });

  it('uses responses read ahead of it once, then reads itself', async () => {
    const api = createFakeApi(portal());
    const urls = portalUrls({ workspace: WORKSPACE_ID, apiBase: API });
    const prefetch = new Map(urls.map((url) => [url, api.fetch(url)]));
    const model = createRoadmapModel({
      workspace: WORKSPACE_ID,
      apiBase: API,
      fetch: api.fetch,
      storage: null,
      prefetch,
    });
    models.push(model);
    await ready(model);
    expect(api.reads()).toHaveLength(3);
    expect(model.portal.data.value?.issues).toHaveLength(3);
    model.portal.refresh();
    await ready(model);
    expect(api.reads()).toHaveLength(6);
  });
});

describe('votes in the model', () => {
  it('without a proxy, voting is off and does nothing', async () => {
    const { api, model } = setup();
    await ready(model);
    expect(model.votes.enabled.value).toBe(false);
    await model.votes.vote({ kind: 'project', id: 'p2', title: 'Search' });
    expect(model.votes.of({ kind: 'project', id: 'p2' }).added.value).toBe(0);
    expect(api.seen.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('adds the vote at once, posts it through the proxy, remembers it and reports the new count', async () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: stored.set.bind(stored),
      removeItem: stored.delete.bind(stored),
    };
    const upvotes: unknown[] = [];
    const { api, model } = setup({ proxy: PROXY, storage, onUpvote: (...args) => upvotes.push(args) });
    await ready(model);
    const vote = model.votes.of({ kind: 'issue', id: '2' });
    expect(model.votes.of({ kind: 'issue', id: '2' })).toBe(vote);
    const sent = model.votes.vote({ kind: 'issue', id: '2', title: 'Faster search' });
    expect([vote.added.value, vote.voted.value, vote.pending.value]).toEqual([1, true, true]);
    await sent;
    expect(vote.pending.value).toBe(false);
    const post = api.seen.find((request) => request.method === 'POST')!;
    expect(post.url.href).toBe(`${PROXY}/api/v2/threads`);
    expect(post.headers.get('authorization')).toBeNull();
    expect(post.body).toEqual({ text: 'Upvote: Faster search', origin: 'UPVOTE', issue_id: '2' });
    expect(JSON.parse(stored.get(roadmapVotesKey(WORKSPACE_ID))!)).toEqual(['issue:2']);
    expect(upvotes).toEqual([[{ kind: 'issue', id: '2', title: 'Faster search' }, 6, 'th_1']]);
    await model.votes.vote({ kind: 'issue', id: '2', title: 'Faster search' });
    expect(api.seen.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('rolls a failed vote back and keeps the error', async () => {
    const { api, model } = setup({ proxy: PROXY });
    await ready(model);
    api.intercept((request) =>
      request.method === 'POST'
        ? api.json(
            429,
            { error: { code: 'rate_limited', message: 'Slow down', request_id: 'r' } },
            { 'retry-after': '120' },
          )
        : undefined,
    );
    const vote = model.votes.of({ kind: 'project', id: 'p2' });
    await model.votes.vote({ kind: 'project', id: 'p2', title: 'Search' });
    expect([vote.added.value, vote.voted.value, vote.pending.value]).toEqual([0, false, false]);
    expect(vote.error.value).toMatchObject({ status: 429, retryAfterMs: 120_000 });
  }, 20_000);

  it('keeps the vote through reads older than it, until a read newer than the vote shows it', async () => {
    const before = portal({ projects: [project('p2', { name: 'Search', upvotes: 3 })] });
    const { api, model } = setup({ proxy: PROXY }, before);
    await ready(model);
    const vote = model.votes.of({ kind: 'project', id: 'p2' });
    const count = () => model.portal.data.value!.projects[0]!.upvotes + vote.added.value;

    // A refresh that was already on its way when the vote went out, and arrives after it counted.
    const inFlight = deferred<void>();
    api.intercept((request) => (request.method === 'GET' ? inFlight.promise.then(() => undefined) : undefined));
    model.portal.refresh();
    await model.votes.vote({ kind: 'project', id: 'p2', title: 'Search' });
    api.update({ projects: [project('p2', { name: 'Search', upvotes: 4 })] });
    inFlight.resolve();
    await ready(model);
    expect(model.portal.data.value!.projects[0]!.upvotes).toBe(4);
    expect(vote.added.value).toBe(1);

    // A read after the vote but served from a cache older than it (the proxy's, say): old count.
    api.update({ projects: [project('p2', { name: 'Search', upvotes: 3 })] });
    model.portal.refresh();
    await ready(model);
    expect(count()).toBe(4);

    // A fresh read, which counts the vote: the optimistic one goes, the count stays right.
    api.update({ projects: [project('p2', { name: 'Search', upvotes: 4 })] });
    model.portal.refresh();
    await ready(model);
    expect(vote.added.value).toBe(0);
    expect(count()).toBe(4);
    expect(vote.voted.value).toBe(true);
  });
});
