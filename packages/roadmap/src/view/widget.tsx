/**
 * The roadmap's lazily loaded part: Preact, the views and the API client. The eager shell
 * (shell.ts) imports it once the element connects, and hands it the portal reads it started.
 */
import { BASE_CSS, emit, mountShadow } from '@hearken/ui';
import { effect } from '@preact/signals';
import { createSkeleton } from '../element/skeleton.ts';
import type { RoadmapEventMap } from '../events.ts';
import { createRoadmapModel, type RoadmapError } from '../model/roadmap-model.ts';
import type { RoadmapOptions } from '../options.ts';
import type { Prefetch } from '../prefetch.ts';
import { RoadmapApp } from './app.tsx';
import { ROADMAP_CSS } from './styles.ts';

function emitError(host: EventTarget, { kind: _, ...error }: RoadmapError, source: 'load' | 'upvote'): void {
  emit<RoadmapEventMap['hearken:error']>(host, 'hearken:error', { ...error, source });
}

/** Renders the widget into `host`'s shadow root, over a model that first takes `prefetch`'s responses. */
export function mountWidget(
  host: HTMLElement,
  options: RoadmapOptions,
  prefetch: Prefetch | undefined,
  onViewChange: (view: string) => void,
) {
  const mount = mountShadow(host, { css: [BASE_CSS, ROADMAP_CSS], nonce: options.nonce ?? undefined });
  const model = createRoadmapModel({
    ...options,
    prefetch,
    onLoad: (data) =>
      emit<RoadmapEventMap['hearken:load']>(host, 'hearken:load', {
        workspaceId: data.workspaceId,
        projects: data.projects.length,
        issues: data.issues.length,
        changelog: Boolean(data.workspace.changelogPublic && data.changelog),
      }),
    onError: (error, source) => emitError(host, error, source),
    onUpvote: (target, upvotes, threadId) =>
      emit<RoadmapEventMap['hearken:upvote']>(host, 'hearken:upvote', {
        kind: target.kind,
        id: target.id,
        upvotes,
        threadId,
      }),
  });
  let current = options;
  let shown = model.view.peek();
  const stopReflecting = effect(() => {
    const view = model.view.value;
    if (view === shown) return;
    shown = view;
    onViewChange(view);
  });
  const draw = () =>
    mount.render(
      <RoadmapApp model={model} language={current.language} theme={current.theme} strings={current.strings} />,
    );
  // The first render waits for a task of its own, so it does not lengthen the task that loaded
  // this code (on a page that loads the widget, already the longest one).
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
    timer = undefined;
    takeOver();
  }, 0);
  // The eager shell's skeleton stays while the data loads (and comes back for another
  // workspace), so code arriving before the data changes nothing on screen.
  const showSkeleton = (loading = model.state.peek().status === 'loading') => {
    const skeleton = mount.root.querySelector('.hk-shell');
    if (!loading) skeleton?.remove();
    else if (!skeleton) mount.container.before(createSkeleton(mount.root.ownerDocument));
  };
  const stopSkeleton = effect(() => {
    const loading = model.state.value.status === 'loading';
    if (!timer) showSkeleton(loading);
  });
  const takeOver = () => {
    draw();
    showSkeleton();
  };
  return {
    update(next: RoadmapOptions) {
      current = next;
      model.update(next);
      if (!timer) draw();
    },
    refresh: () => model.refresh(),
    destroy() {
      clearTimeout(timer);
      stopReflecting();
      stopSkeleton();
      model.dispose();
      mount.render(null);
      showSkeleton(false);
    },
  };
}
