/**
 * The roadmap's lazily loaded part: Preact, the views, the model and the API client. The eager
 * element (element/mount.ts) imports it once the element connects, and hands it the portal reads
 * it started.
 */
import { BASE_CSS, emit, mountShadow } from '@hearken/ui';
import { effect, untracked } from '@preact/signals';
import type { RoadmapShell } from '../element/shell.ts';
import { createSkeleton } from '../element/skeleton.ts';
import type { RoadmapEventMap } from '../events.ts';
import type { RoadmapError } from '../model/load.ts';
import { createRoadmapModel, type RoadmapModel } from '../model/roadmap-model.ts';
import type { Prefetch } from '../prefetch.ts';
import { RoadmapApp } from './app.tsx';
import { holdHeight } from './hold-height.ts';
import { ROADMAP_CSS } from './styles.ts';

/** What the eager element controls once the view is in. */
export interface RoadmapView {
  refresh(): void;
  destroy(): void;
}

function emitError(host: EventTarget, { kind: _, ...error }: RoadmapError, source: 'load' | 'upvote'): void {
  emit<RoadmapEventMap['hearken:error']>(host, 'hearken:error', { ...error, source });
}

/** The root component: the app over the model, with the shell's language, theme and strings. */
function Root({ shell, model }: { shell: RoadmapShell; model: RoadmapModel }) {
  const { options } = shell;
  return (
    <RoadmapApp
      model={model}
      language={options.language.value}
      theme={options.theme.value}
      strings={options.strings.value}
    />
  );
}

/**
 * Renders the roadmap into the host's shadow root over a model kept in step with the element's
 * options, which first takes `prefetch`'s responses. The model's view goes back into the shell's
 * options, and to `onViewChange`.
 */
export function mountView(
  shell: RoadmapShell,
  prefetch: Prefetch | undefined,
  onViewChange: (view: string) => void,
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
  // The first render waits for a task of its own, so it does not lengthen the task that loaded
  // this code (on a page that loads the widget, already the longest one).
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
    timer = undefined;
    mount.render(<Root shell={shell} model={model} />);
    showSkeleton();
  }, 0);
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
      if (!timer) showSkeleton(loading);
    }),
  );
  return {
    refresh: () => model.refresh(),
    destroy() {
      clearTimeout(timer);
      for (const stop of stops) stop();
      model.dispose();
      mount.render(null);
      stopHold();
      showSkeleton(false, true);
    },
  };
}
