import type { OptionSignals } from '@hearken/ui/dom';
import { effect, type Signal, untracked } from '@preact/signals-core';
import type { RoadmapSettings } from '../model/roadmap-model.ts';
import type { ResolvedRoadmapOptions, RoadmapView } from '../options.ts';

/** What the element's options are kept in step with. */
export interface SyncedModel {
  readonly view: Signal<RoadmapView>;
  update(settings: RoadmapSettings): void;
}

/** Every option's value, read so that a change of any re-runs the caller. */
function read<O extends object>(options: OptionSignals<O>): O {
  const values: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(options as Record<string, Signal<unknown>>)) values[name] = option.value;
  return values as O;
}

/**
 * Keeps `model` in step with the element's options, as they are (the model takes what it reads
 * and leaves the rest), and the options' `view` with the reader's choice, which `onViewChange`
 * hears of too (the element reflects it). Returns the stop.
 */
export function syncOptions(
  options: OptionSignals<ResolvedRoadmapOptions>,
  model: SyncedModel,
  onViewChange: (view: string) => void,
): () => void {
  let shown = model.view.peek();
  const stops = [
    effect(() => {
      const settings = read(options);
      untracked(() => model.update(settings));
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
  return () => {
    for (const stop of stops) stop();
  };
}
