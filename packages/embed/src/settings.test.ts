import { HearkenFeedbackElement } from '@hearken/feedback';
import { HearkenRoadmapElement, type RoadmapOptions } from '@hearken/roadmap';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { attributeOf, FEEDBACK_SETTINGS, ROADMAP_SETTINGS, type RoadmapMountOptions } from './commands.ts';

describe('the settings hearken.js applies', () => {
  it('are the widgets’ options, under the attributes their option tables observe', () => {
    expect(ROADMAP_SETTINGS.map(attributeOf)).toEqual(['workspace', 'api-base', 'proxy', 'theme', 'language']);
    for (const setting of ROADMAP_SETTINGS)
      expect(HearkenRoadmapElement.observedAttributes).toContain(attributeOf(setting));
    for (const setting of FEEDBACK_SETTINGS)
      expect(HearkenFeedbackElement.observedAttributes).toContain(attributeOf(setting));
    // The roadmap has no signed-in user: its element is not given the token.
    expect(HearkenRoadmapElement.observedAttributes).not.toContain('identity-token');
  });

  it('take the values the roadmap’s options take', () => {
    type Keys = (typeof ROADMAP_SETTINGS)[number] | 'view';
    type Values<T> = { -readonly [K in keyof T]-?: NonNullable<T[K]> };
    expectTypeOf<Values<Pick<RoadmapMountOptions, Keys>>>().toEqualTypeOf<Values<Pick<RoadmapOptions, Keys>>>();
  });
});
