/**
 * The roadmap's lazily loaded part: Preact, the views, the model and the API client. The eager
 * element (element/mount.ts) imports it once the element connects, and hands it the portal reads
 * it started.
 */
import { BASE_CSS, emit, type Locale, loadLocale, mountShadow } from '@hearken/ui';
import { effect, untracked } from '@preact/signals';
import { hydrate } from 'preact';
import type { RoadmapShell } from '../element/shell.ts';
import { createSkeleton } from '../element/skeleton.ts';
import type { RoadmapEventMap } from '../events.ts';
import type { RoadmapData, RoadmapError } from '../model/load.ts';
import { createRoadmapModel, type RoadmapModel } from '../model/roadmap-model.ts';
import type { Prefetch } from '../prefetch.ts';
import { catalog, type RoadmapStrings } from '../strings.ts';
import { RoadmapApp } from './app.tsx';
import { anchoredEntry } from './changelog-anchor.ts';
import { loadChangelogView } from './changelog-chunk.ts';
import { holdHeight } from './hold-height.ts';
import { Prerendered } from './render-mode.tsx';
import { ROADMAP_CSS } from './styles.ts';

/** What the eager element controls once the view is in. */
export interface RoadmapView {
  refresh(): void;
  destroy(): void;
}

function emitError(host: EventTarget, { kind: _, ...error }: RoadmapError, source: 'load' | 'upvote'): void {
  emit<RoadmapEventMap['hearken:error']>(host, 'hearken:error', { ...error, source });
}

/** What a server render gave the element: its data, and whether its markup is there to hydrate. */
export interface ServedView {
  data: RoadmapData;
  hydrate: boolean;
}

/** The root component: the app over the model, with the shell's language, theme and strings. */
function Root({
  shell,
  model,
  locale,
}: {
  shell: RoadmapShell;
  model: RoadmapModel;
  locale?: Locale<RoadmapStrings> | undefined;
}) {
  const { options } = shell;
  return (
    <RoadmapApp
      model={model}
      language={options.language.value}
      theme={options.theme.value}
      strings={options.strings.value}
      locale={locale}
    />
  );
}

/**
 * Renders the roadmap into the host's shadow root over a model kept in step with the element's
 * options, which first takes `prefetch`'s responses (or starts with `served` data, reading
 * nothing). The model's view goes back into the shell's options, and to `onViewChange`. Served
 * markup is hydrated: its nodes stay, and gain their handlers.
 */
export function mountView(
  shell: RoadmapShell,
  prefetch: Prefetch | undefined,
  onViewChange: (view: string) => void,
  served?: ServedView,
): RoadmapView {
  const { host, options } = shell;
  const mount = mountShadow(host, { css: [BASE_CSS, ROADMAP_CSS], nonce: options.nonce.peek() ?? undefined });
  const source = () => ({
    workspace: options.workspace.value,
    apiBase: options.apiBase.value,
    proxy: options.proxy.value,
    language: options.language.value,
    fetch: options.fetch.value,
  });
  const model = createRoadmapModel({
    ...untracked(source),
    view: options.view.peek(),
    prefetch,
    initialData: served?.data,
    onLoad: (data) =>
      emit<RoadmapEventMap['hearken:load']>(host, 'hearken:load', {
        workspaceId: data.workspaceId,
        projects: data.projects.length,
        issues: data.issues.length,
        changelog: Boolean(data.workspace.changelogPublic && data.changelog),
      }),
    onError: (error, origin) => emitError(host, error, origin),
    onUpvote: (target, upvotes, threadId) =>
      emit<RoadmapEventMap['hearken:upvote']>(host, 'hearken:upvote', {
        kind: target.kind,
        id: target.id,
        upvotes,
        threadId,
      }),
  });
  let shown = model.view.peek();
  let unread = 0;
  const stops = [
    effect(() => model.update(source())),
    effect(() => {
      const view = options.view.value;
      untracked(() => model.update({ view }));
    }),
    effect(() => {
      const count = model.unread.value;
      if (count !== unread) {
        unread = count;
        emit<RoadmapEventMap['hearken:unread']>(host, 'hearken:unread', { count });
      }
    }),
    // The reader switched views: the element's `view` follows.
    effect(() => {
      const view = model.view.value;
      if (view === shown) return;
      shown = view;
      untracked(() => {
        options.view.value = view;
        onViewChange(view);
      });
    }),
  ];
  const prerendered = { current: false };
  const tree = (locale?: Locale<RoadmapStrings>) => (
    <Prerendered.Provider value={prerendered}>
      <Root shell={shell} model={model} locale={locale} />
    </Prerendered.Provider>
  );
  let waiting = true;
  let destroyed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (served?.hydrate) {
    // The tree must match the server's at once: its strings, and the changelog view's code.
    const changelog = options.view.peek() === 'changelog' || anchoredEntry(globalThis.location?.hash);
    Promise.all([
      loadLocale(catalog, options.language.peek(), options.strings.peek()),
      changelog ? loadChangelogView() : undefined,
    ]).then(
      ([locale]) => {
        if (destroyed) return;
        waiting = false;
        prerendered.current = true;
        hydrate(tree(locale), mount.container);
        prerendered.current = false;
      },
      // Offline: the server's markup stays, as it is.
      (error: unknown) =>
        emitError(
          host,
          { kind: 'network', code: 'network_error', message: `The roadmap could not start: ${error}` },
          'load',
        ),
    );
  } else {
    // The first render waits for a task of its own, so it does not lengthen the task that loaded
    // this code (on a page that loads the widget, already the longest one).
    timer = setTimeout(() => {
      waiting = false;
      mount.render(tree());
      showSkeleton();
    }, 0);
  }
  // The eager element's skeleton stays while the data loads (and comes back for another
  // workspace), so code arriving before the data changes nothing on screen.
  // The view then keeps the skeleton's height while it fills in (hold-height.ts).
  let stopHold = () => {};
  const showSkeleton = (loading = model.state.peek().status === 'loading', leaving = false) => {
    const skeleton = mount.root.querySelector('.hk-shell');
    if (loading) {
      stopHold();
      if (!skeleton) mount.container.before(createSkeleton(mount.root.ownerDocument));
    } else if (skeleton) {
      stopHold();
      if (!leaving) stopHold = holdHeight(mount.container, skeleton.getBoundingClientRect().height);
      skeleton.remove();
    }
  };
  stops.push(
    effect(() => {
      const loading = model.state.value.status === 'loading';
      if (!waiting) showSkeleton(loading);
    }),
  );
  return {
    refresh: () => model.refresh(),
    destroy() {
      destroyed = true;
      clearTimeout(timer);
      for (const stop of stops) stop();
      model.dispose();
      mount.render(null);
      stopHold();
      showSkeleton(false, true);
    },
  };
}
