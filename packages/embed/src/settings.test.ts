import { HearkenRoadmapElement, type RoadmapOptions } from '@hearken/roadmap';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createHearken, type RoadmapMountOptions } from './commands.ts';

describe('the roadmap hearken.js mounts', () => {
  it('gets the stored settings as the attributes its option table observes', async () => {
    document.body.innerHTML = '<div id="roadmap"></div>';
    const api = createHearken({ ensure: async () => {}, disconnect: () => {} });
    await api('init', {
      workspace: 'ws_1',
      apiBase: 'https://api.example',
      proxy: 'https://proxy.example',
      theme: 'dark',
      language: 'de',
    });
    await api('roadmap:mount', { target: '#roadmap', view: 'issues' });
    const element = document.querySelector('#roadmap > hearken-roadmap')!;
    expect(element.getAttributeNames().sort()).toEqual(['api-base', 'language', 'proxy', 'theme', 'view', 'workspace']);
    for (const name of element.getAttributeNames()) expect(HearkenRoadmapElement.observedAttributes).toContain(name);
  });

  it('takes the values the roadmap’s options take', () => {
    type Keys = 'workspace' | 'apiBase' | 'proxy' | 'theme' | 'language' | 'view';
    type Values<T> = { -readonly [K in keyof T]-?: NonNullable<T[K]> };
    expectTypeOf<Values<Pick<RoadmapMountOptions, Keys>>>().toEqualTypeOf<Values<Pick<RoadmapOptions, Keys>>>();
  });
});
