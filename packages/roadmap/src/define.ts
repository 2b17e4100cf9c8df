import { defineElement } from '@hearken/ui';
import { HearkenRoadmapElement } from './element.tsx';

/**
 * Registers `<hearken-roadmap>` (or another tag name). Safe to call more than once; returns the
 * class registered under the tag.
 */
export function define(tagName = 'hearken-roadmap'): CustomElementConstructor {
  return defineElement(tagName, HearkenRoadmapElement);
}
