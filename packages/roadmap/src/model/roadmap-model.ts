import type { Project } from '@hearken/core';
import { type KeyValueStorage, resolveStorage, whenIdle } from '@hearken/ui/dom';
import { createRequestUpdates, type RequestUpdates } from '@hearken/ui/model';
import { batch, computed, type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { ROADMAP_OPTIONS, type RoadmapOptions, type RoadmapSource, type RoadmapView, VIEWS } from '../options.ts';
import type { Prefetch } from '../prefetch.ts';
import { createChangelog, type RoadmapChangelog } from './changelog.ts';
import { type Group, groupByState } from './grouping.ts';
import { createIssueSearch, type IssueSearch } from './issue-search.ts';
import type { RoadmapData, RoadmapError } from './load.ts';
import { createPortalLoad, type PortalLoad } from './portal-load.ts';
import { createPortalSource } from './portal-source.ts';
import type { UpvoteTarget } from './upvote-client.ts';
import { createVoting, type Voting } from './voting.ts';

export type { RoadmapSource };

/**
 * What {@link RoadmapModel.update} changes, the element's options as they are: the source (which
 * reloads) and the view.
 */
export type RoadmapSettings = Pick<RoadmapOptions, keyof RoadmapSource | 'view'>;

const parseView = ROADMAP_OPTIONS.fields.view.parse;

/** Options of {@link createRoadmapModel}. */
export interface RoadmapModelOptions extends RoadmapSettings {
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
 * The roadmap's state and actions without any UI, as @preact/signals signals, in parts: the
 * portal's data, the issue search, the votes and the changelog. Read `.value` to get a value (and,
 * in a Preact component or an `effect`, to be updated when it changes); `.subscribe(fn)` works in
 * any framework.
 */
export interface RoadmapModel {
  /** The portal's data and where its reads stand; `refresh()` reloads. */
  readonly portal: PortalLoad;
  /** The current view; set it to switch. */
  readonly view: Signal<RoadmapView>;
  /** The views worth offering: the changelog only when the workspace publishes one. */
  readonly views: ReadonlySignal<readonly RoadmapView[]>;
  /** Projects in columns by state, in workflow order. */
  readonly columns: ReadonlySignal<readonly Group<Project>[]>;
  /** The issues view's search: `query`, its `matches`, and those by status (`groups`). */
  readonly search: IssueSearch;
  /** The reader's upvotes (sent through the proxy). */
  readonly votes: Voting;
  /**
   * What this browser asked for (its votes, with the proxy's receipts) and what moved since it
   * last looked: read from the proxy once per page load, when the browser is idle after the
   * first data arrived.
   */
  readonly requests: RequestUpdates;
  /** The published changelog: the history read so far and what this reader has not seen. */
  readonly changelog: RoadmapChangelog;
  /** Changes the source or the view; changing the source reloads. */
  update(settings: RoadmapSettings): void;
  /** Stops loading and watching; the signals keep their last values. */
  dispose(): void;
}

/**
 * Creates the roadmap's headless model and starts loading at once. Workspace, projects and issues
 * are read in parallel; a refresh (or a language change) keeps the last good data while it
 * revalidates, a different workspace starts from `loading`.
 *
 * @example
 * const model = createRoadmapModel({ workspace: 'ws_1', proxy: 'https://feedback.example.com' });
 * model.columns.subscribe((columns) => draw(columns));
 * model.votes.vote({ kind: 'project', id: 'p_1', title: 'Dark mode' });
 */
export function createRoadmapModel(options: RoadmapModelOptions): RoadmapModel {
  const storage = signal(resolveStorage(options.storage));
  const source = createPortalSource(options, options.prefetch);
  const view = signal(parseView(options.view));
  const now = () => performance.now();
  const workspace = computed(() => source.current.value.workspace ?? '');
  const requests = createRequestUpdates({
    storage,
    workspace,
    proxy: source.proxy,
    reader: async () => source.updatesReader(),
  });
  const portal = createPortalLoad({
    source: source.current,
    client: source.client,
    initialData: options.initialData,
    now,
    arrived: (startedAt) => votes.settle(startedAt),
    onLoad: (data) => {
      options.onLoad?.(data);
      // After the first content, when the browser has nothing better to do; once per page load.
      whenIdle(() => void requests.refresh());
    },
    onError: (error) => options.onError?.(error, 'load'),
  });
  const votes = createVoting({
    storage,
    workspace,
    sender: source.sender,
    data: portal.data,
    requests,
    now,
    onVoted: options.onUpvote,
    onError: (error) => options.onError?.(error, 'upvote'),
  });
  const changelog = createChangelog({ source: source.current, storage, load: portal, data: portal.data });
  const search = createIssueSearch(
    computed(() => portal.data.value?.issues ?? []),
    computed(() => source.current.value.language),
  );

  return {
    portal,
    view,
    views: computed(() => VIEWS.filter((name) => name !== 'changelog' || changelog.entries.value.length > 0)),
    columns: computed(() =>
      groupByState(
        portal.data.value?.projects ?? [],
        (project) => project.state,
        (project) => project.name,
      ),
    ),
    search,
    votes,
    requests,
    changelog,
    update({ view: next, ...changes }) {
      batch(() => {
        if (next !== undefined) view.value = parseView(next);
        source.set(changes);
      });
    },
    dispose() {
      portal.dispose();
      search.dispose();
      votes.dispose();
      requests.dispose();
      changelog.dispose();
    },
  };
}
