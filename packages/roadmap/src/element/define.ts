import { defineElement } from '@hearken/ui/dom';
import { HearkenRoadmapElement } from './element.ts';

/**
 * Registers `<hearken-roadmap>` (or another tag name). Safe to call more than once; returns the
 * class registered under the tag. Where custom elements do not exist (Node during a server render)
 * it does nothing and returns `undefined`.
 */
export function define(
  tagName = 'hearken-roadmap',
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): CustomElementConstructor | undefined {
  return defineElement(HearkenRoadmapElement, 'hearken-roadmap', tagName, registry);
}
