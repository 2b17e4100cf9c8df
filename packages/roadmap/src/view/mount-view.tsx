/**
 * The roadmap's lazily loaded part: Preact, the views, the model and the API client. The eager
 * element (element/mount.ts) imports it once the element connects, and hands it the portal reads
 * it started.
 */
import { BASE_CSS, type Locale, mountShadow } from '@hearken/ui';
import { optionSignals, patchTable, peekOptions } from '@hearken/ui/option-signals';
import { computed } from '@preact/signals';
import { hydrate } from 'preact';
import type { RoadmapData } from '../model/load.ts';
import { createRoadmapModel, type RoadmapModel } from '../model/roadmap-model.ts';
import {
  type ResolvedRoadmapOptions,
  ROADMAP_OPTIONS,
  type RoadmapOptions,
  type RoadmapShell,
  type RoadmapStart,
} from '../options.ts';
import type { Prefetch } from '../prefetch.ts';
import type { RoadmapStrings } from '../strings.ts';
import { RoadmapApp } from './app.tsx';
import { firstRender } from './first-render.ts';
import { announceUnread, emitError, hostEvents } from './host-events.ts';
import { keepLauncherRoom } from './launcher-room.ts';
import { syncOptions } from './option-sync.ts';
import { Prerendered } from './render-mode.tsx';
import { skeletonSwap } from './skeleton-swap.ts';
import { ROADMAP_CSS } from './styles.ts';

/** What the eager element controls once the view is in. */
export interface RoadmapView {
  /** The options as they are now (the view may have changed `view`). */
  read(): ResolvedRoadmapOptions;
  /** Parses and sets the options `patch` names (`undefined` restores a default). */
  update(patch: Partial<RoadmapOptions>): void;
  refresh(): void;
  destroy(): void;
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
      header={options.header.value}
      tabs={options.tabs.value}
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
  start: RoadmapStart,
  prefetch: Prefetch | undefined,
  onViewChange: (view: string) => void,
  served?: ServedView,
): RoadmapView {
  const shell: RoadmapShell = { ...start, options: optionSignals(ROADMAP_OPTIONS.fields, start.options) };
  const { host, options } = shell;
  const mount = mountShadow(host, { css: [BASE_CSS, ROADMAP_CSS], nonce: options.nonce.peek() ?? undefined });
  const model = createRoadmapModel({
    ...peekOptions(options),
    prefetch,
    initialData: served?.data,
    ...hostEvents(host),
  });
  const skeleton = skeletonSwap(mount, shell.skeleton);
  const prerendered = { current: false };
  let rendered = false;
  const cancelFirst = firstRender({
    hydrate: served?.hydrate
      ? { language: options.language.peek(), strings: options.strings.peek(), view: options.view.peek() }
      : undefined,
    draw(locale, hydrating) {
      rendered = true;
      const tree = (
        <Prerendered.Provider value={prerendered}>
          <Root shell={shell} model={model} locale={locale} />
        </Prerendered.Provider>
      );
      if (!hydrating) {
        mount.render(tree);
        skeleton.show(model.portal.state.peek().status === 'loading');
        return;
      }
      prerendered.current = true;
      hydrate(tree, mount.container);
      prerendered.current = false;
    },
    // Offline: the server's markup stays, as it is.
    failed: (error) =>
      emitError(
        host,
        { kind: 'network', code: 'network_error', message: `The roadmap could not start: ${error}` },
        'load',
      ),
  });
  const stops = [
    syncOptions(options, model, onViewChange),
    announceUnread(host, model.changelog.unread),
    skeleton.follow(
      computed(() => model.portal.state.value.status === 'loading'),
      () => rendered,
    ),
    // In the view, not the eager element: the skeleton has no controls for a launcher to cover.
    keepLauncherRoom(host, mount.root, options.nonce.peek() ?? undefined),
  ];
  return {
    read: () => peekOptions(options),
    update: (patch) => patchTable(ROADMAP_OPTIONS, options, patch),
    refresh: () => model.portal.refresh(),
    destroy() {
      cancelFirst();
      for (const stop of stops) stop();
      model.dispose();
      mount.render(null);
      skeleton.leave();
    },
  };
}
