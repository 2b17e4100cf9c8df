import { tableSignals } from '@hearken/ui/option-signals';
import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { RoadmapSettings } from '../model/roadmap-model.ts';
import { ROADMAP_OPTIONS, type RoadmapView } from '../options.ts';
import { syncOptions } from './option-sync.ts';

describe('syncOptions', () => {
  it('hands the model the options as they are, and the reader’s view back to the options', () => {
    const options = tableSignals(ROADMAP_OPTIONS, { workspace: 'ws_1', view: 'issues' });
    const updates: RoadmapSettings[] = [];
    const view = signal<RoadmapView>('issues');
    const model = {
      view,
      update(settings: RoadmapSettings) {
        updates.push(settings);
        if (settings.view) view.value = settings.view;
      },
    };
    const changes: string[] = [];
    const stop = syncOptions(options, model, (next) => changes.push(next));
    expect(updates.at(-1)).toMatchObject({ workspace: 'ws_1', view: 'issues' });
    options.language.value = 'de';
    expect(updates.at(-1)).toMatchObject({ workspace: 'ws_1', language: 'de' });
    view.value = 'changelog';
    expect(options.view.value).toBe('changelog');
    expect(changes).toEqual(['changelog']);
    stop();
    options.language.value = 'fr';
    expect(updates.at(-1)).toMatchObject({ language: 'de' });
  });
});
