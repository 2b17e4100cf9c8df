import {
  type Changelog,
  changelogSeenKey,
  createPortalClient,
  type Issue,
  type Project,
  roadmapVotesKey,
  type Workspace,
} from '@hearken/core';
import { changelogReadState, changelogSource, type KeyValueStorage, persisted, resolveStorage } from '@hearken/ui/dom';
import { batch, computed, effect, type ReadonlySignal, type Signal, signal, untracked } from '@preact/signals-core';
import { parseView, type RoadmapView, VIEWS } from '../options.ts';
import { handOver, type Prefetch, type RoadmapSource, resolveApiBase } from '../prefetch.ts';
import { type ChangelogEntry, createChangelogHistory, type HistoryState } from './changelog-history.ts';
import { changelogPageReader } from './changelog-source.ts';
import { type Group, groupByState } from './grouping.ts';
import { createIssueSearch } from './issue-search.ts';
import { describeError, type LoadState, loadPortal, type RoadmapData, type RoadmapError } from './load.ts';
import { type UpvoteTarget, upvoteSender } from './upvote-client.ts';
import { createVotes, parseList, type VoteState } from './votes.ts';

export type { ChangelogEntry, HistoryState } from './changelog-history.ts';
export type { Group } from './grouping.ts';
export type { LoadState, RoadmapData, RoadmapError } from './load.ts';
export type { UpvoteTarget } from './upvote-client.ts';
export type { VoteState } from './votes.ts';
export type { RoadmapSource };

/** Options of {@link createRoadmapModel}. */
export interface RoadmapModelOptions extends RoadmapSource {
  /** The view to start with: `roadmap` (default), `issues` or `changelog`. */
  view?: RoadmapView | string | null | undefined;
  /** Where votes and the last changelog read are remembered (see {@link KeyValueStorage}). */
  storage?: KeyValueStorage | null | undefined;
  /** Portal reads already started (by the eager element); each is used once. */
  prefetch?: Prefetch | undefined;
  /**
   * The data the page already has (a server render's, for `workspace`): the model starts `ready`
   * with it and reads nothing until `refresh()` or another source.
   */
  initialData?: RoadmapData | undefined;
  /** Data arrived (first load and every refresh). */
  onLoad?: ((data: RoadmapData) => void) | undefined;
  /** A load or a vote failed. */
  onError?: ((error: RoadmapError, source: 'load' | 'upvote') => void) | undefined;
  /** A vote was recorded; `upvotes` is the count with it. */
  onUpvote?: ((target: UpvoteTarget, upvotes: number, threadId: string) => void) | undefined;
}

/**
 * The roadmap's state and actions without any UI: data loading, views, search and votes, as
 * @preact/signals signals. Read `.value` to get a value (and, in a Preact component or an
 * `effect`, to be updated when it changes); `.subscribe(fn)` works in any framework.
 */
export interface RoadmapModel {
  /** Where the data stands: `idle` (no workspace), `loading`, `error` or `ready`. */
  readonly state: ReadonlySignal<LoadState>;
  /** The data shown now (kept while a refresh runs), or `null`. */
  readonly data: ReadonlySignal<RoadmapData | null>;
  /** The workspace's colours and dark-mode choice (its public record), or `null` before data. */
  readonly branding: ReadonlySignal<Workspace | null>;
  /** The current view; set it to switch. */
  readonly view: Signal<RoadmapView>;
  /** The views worth offering: the changelog only when the workspace publishes one. */
  readonly views: ReadonlySignal<readonly RoadmapView[]>;
  /** The issue search, as typed. */
  readonly query: Signal<string>;
  /**
   * Issues matching `query` (all of them when it is blank): those holding it (case-insensitive) in
   * identifier, title or summary, and those the shared matcher finds close despite typos or other
   * word forms (`rankSimilarIssues`, loaded with the first query).
   */
  readonly matches: ReadonlySignal<readonly Issue[]>;
  /** `matches` grouped by status, in workflow order. */
  readonly issueGroups: ReadonlySignal<readonly Group<Issue>[]>;
  /** Projects in columns by state, in workflow order. */
  readonly columns: ReadonlySignal<readonly Group<Project>[]>;
  /** The published changelog entry, or `null`. */
  readonly changelog: ReadonlySignal<Changelog | null>;
  /** Whether any published entry is new to this reader (`unread` above 0). */
  readonly changelogIsNew: ReadonlySignal<boolean>;
  /**
   * The published entries read so far, newest first: the whole history a page at a time through a
   * proxy in changelog portal mode, else the latest entry alone (`changelog`).
   */
  readonly history: ReadonlySignal<readonly ChangelogEntry[]>;
  /** Where the history stands: `latest` (only the latest entry can be read), `loading`, `error`, `ready`. */
  readonly historyState: ReadonlySignal<HistoryState>;
  /**
   * How many entries of the first page (or the latest entry) this reader has not seen. The read
   * state is kept per workspace and shared by every widget of the page and other tabs.
   */
  readonly unread: ReadonlySignal<number>;
  /** Whether an entry is marked new: unread, or read since this model started. */
  isNew(id: string): boolean;
  /** Reads the next page of the history; resolves when it is in or failed (`historyState.error`). */
  loadOlder(): Promise<void>;
  /** Whether votes can be sent (a proxy is set). */
  readonly canVote: ReadonlySignal<boolean>;
  /** One item's vote state; the same signals every time for the same item. */
  voteOf(target: Pick<UpvoteTarget, 'kind' | 'id'>): VoteState;
  /** Votes for an item (once per reader); resolves when the service answered. Errors go to `onError`. */
  vote(target: UpvoteTarget): Promise<void>;
  /** Marks every changelog entry shown as read. */
  markChangelogSeen(): void;
  /** Reloads; the data shown stays until the fresh data arrives. */
  refresh(): void;
  /** When the last load arrived (`Date.now()` clock), 0 before. */
  readonly loadedAt: number;
  /** Changes the source or the view; changing the source reloads. */
  update(options: RoadmapSource & { view?: RoadmapView | string | null | undefined }): void;
  /** Stops loading and watching; the signals keep their last values. */
  dispose(): void;
}

const sameSource = (a: RoadmapSource, b: RoadmapSource) =>
  a.workspace === b.workspace &&
  a.apiBase === b.apiBase &&
  a.proxy === b.proxy &&
  a.language === b.language &&
  a.fetch === b.fetch;

const pick = ({ workspace, apiBase, proxy, language, fetch }: RoadmapSource): RoadmapSource => ({
  workspace: workspace || null,
  apiBase: apiBase || null,
  proxy: proxy || null,
  language: language || null,
  fetch,
});

/**
 * Creates the roadmap's headless model and starts loading at once. Workspace, projects and issues
 * are read in parallel; a refresh (or a language change) keeps the last good data while it
 * revalidates, a different workspace starts from `loading`.
 *
 * @example
 * const model = createRoadmapModel({ workspace: 'ws_1', proxy: 'https://feedback.example.com' });
 * model.columns.subscribe((columns) => draw(columns));
 * model.vote({ kind: 'project', id: 'p_1', title: 'Dark mode' });
 */
export function createRoadmapModel(options: RoadmapModelOptions): RoadmapModel {
  const storage = signal(resolveStorage(options.storage));
  const source = signal(pick(options));
  let prefetch = options.prefetch;
  const view = signal(parseView(options.view));
  const query = signal('');
  const reloads = signal(0);
  const given = options.initialData?.workspaceId === source.peek().workspace ? options.initialData : undefined;
  const initial = source.peek().workspace ? 'loading' : 'idle';
  const state = signal<LoadState>(given ? { status: 'ready', data: given, refreshing: false } : { status: initial });
  let loadedAt = given ? Date.now() : 0;
  // The first load is skipped when the data was given.
  let skipLoad = Boolean(given);
  const now = () => performance.now();

  const data = computed(() => {
    const current = state.value;
    return current.status === 'ready' ? current.data : null;
  });
  const workspace = computed(() => source.value.workspace ?? '');
  const baseUrl = computed(() => resolveApiBase(source.value));
  const proxy = computed(() => source.value.proxy);
  const fetch = computed(() => source.value.fetch);
  // The client keeps an ETag cache, so it lives as long as its origin and fetch do (a language
  // change keeps it).
  const client = computed(() => {
    const given = fetch.value;
    return createPortalClient({
      baseUrl: baseUrl.value,
      fetch: (input, init) => handOver(prefetch, given ?? globalThis.fetch)(input, init),
    });
  });
  const send = computed(() => (proxy.value ? upvoteSender(proxy.value, fetch.value) : null));

  // Read in a task of their own: nothing shows them before the data.
  const votesStored = persisted({
    storage,
    key: computed(() => roadmapVotesKey(workspace.value)),
    parse: parseList,
    serialize: (list) => JSON.stringify(list),
    deferRead: true,
  });
  const changelogRead = changelogReadState(
    storage,
    computed(() => changelogSeenKey(workspace.value)),
  );
  const find = (target: Pick<UpvoteTarget, 'kind' | 'id'>) => {
    const current = data.peek();
    const list: readonly (Issue | Project)[] =
      target.kind === 'issue' ? (current?.issues ?? []) : (current?.projects ?? []);
    return list.find((item) => item.id === target.id)?.upvotes;
  };
  const votes = createVotes({
    send,
    stored: votesStored,
    serverCount: find,
    now,
    onVoted: (target, count, threadId) => options.onUpvote?.(target, count, threadId),
    onError: (_target, error) => options.onError?.(error, 'upvote'),
  });

  // Another tab voted.
  const onStorage = () => votesStored.reread();
  const watching = typeof addEventListener === 'function';
  if (watching) addEventListener('storage', onStorage);

  const stopLoading = effect(() => {
    const { workspace: id, language } = source.value;
    const reads = client.value;
    reloads.value;
    if (skipLoad) {
      skipLoad = false;
      return undefined;
    }
    return untracked(() => {
      if (!id) {
        state.value = { status: 'idle' };
        return undefined;
      }
      const previous = state.value;
      const kept = previous.status === 'ready' && previous.data.workspaceId === id ? previous.data : null;
      if (kept) state.value = { status: 'ready', data: kept, refreshing: true };
      else if (previous.status !== 'loading') state.value = { status: 'loading' };
      const abort = new AbortController();
      const startedAt = now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      loadPortal(reads, id, language ?? undefined, abort.signal).then(
        (fresh) => {
          if (abort.signal.aborted) return;
          loadedAt = Date.now();
          // Applied in the next task, so a UI's render never adds to the task that parsed the data.
          timer = setTimeout(() => {
            batch(() => {
              state.value = { status: 'ready', data: fresh, refreshing: false };
              votes.settle(startedAt);
            });
            options.onLoad?.(fresh);
          }, 0);
        },
        (reason: unknown) => {
          if (abort.signal.aborted) return;
          const error = describeError(reason);
          state.value = kept ? { status: 'ready', data: kept, refreshing: false, error } : { status: 'error', error };
          options.onError?.(error, 'load');
        },
      );
      return () => {
        abort.abort();
        clearTimeout(timer);
      };
    });
  });

  const changelog = computed(() => {
    const current = data.value;
    return current?.workspace.changelogPublic && current.changelog ? current.changelog : null;
  });
  const history = createChangelogHistory({
    reader: computed(() => {
      const base = changelogSource(proxy.value, source.value.apiBase);
      return base ? changelogPageReader(base, fetch.value) : null;
    }),
    ready: computed(() => state.value.status === 'ready' || state.value.status === 'error'),
    reloads,
    latest: changelog,
    read: changelogRead,
  });
  const historyPublic = computed(() => (data.value?.workspace.changelogPublic ? history.entries.value : []));
  // Only while the workspace publishes its changelog: a hidden one has nothing to read.
  const unread = computed(() => (historyPublic.value.length ? history.unread.value : 0));
  const search = createIssueSearch(
    computed(() => data.value?.issues ?? []),
    computed(() => source.value.language ?? undefined),
    query,
  );
  const { matches } = search;

  // As after a read, a task later: the host hears of the data it gave like of data read.
  const announce = given && options.onLoad ? setTimeout(() => options.onLoad?.(given), 0) : undefined;

  return {
    state,
    data,
    branding: computed(() => data.value?.workspace ?? null),
    view,
    views: computed(() => VIEWS.filter((name) => name !== 'changelog' || historyPublic.value.length > 0)),
    query,
    matches,
    issueGroups: computed(() =>
      groupByState(
        matches.value,
        (issue) => issue.status,
        (issue) => issue.title,
      ),
    ),
    columns: computed(() =>
      groupByState(
        data.value?.projects ?? [],
        (project) => project.state,
        (project) => project.name,
      ),
    ),
    changelog,
    changelogIsNew: computed(() => unread.value > 0),
    history: historyPublic,
    historyState: history.state,
    unread,
    isNew: history.isNew,
    loadOlder: history.loadOlder,
    canVote: computed(() => send.value !== null),
    voteOf: votes.of,
    vote: votes.vote,
    markChangelogSeen: history.markSeen,
    refresh() {
      reloads.value++;
    },
    get loadedAt() {
      return loadedAt;
    },
    update({ view: next, ...changes }) {
      batch(() => {
        if (next !== undefined) view.value = parseView(next);
        const merged = pick({ ...source.peek(), ...changes });
        if (!sameSource(merged, source.peek())) {
          prefetch = undefined;
          source.value = merged;
        }
      });
    },
    dispose() {
      clearTimeout(announce);
      if (watching) removeEventListener('storage', onStorage);
      stopLoading();
      search.dispose();
      votesStored.dispose();
      history.dispose();
      changelogRead.dispose();
    },
  };
}
