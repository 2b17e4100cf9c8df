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
  if (!registry) return undefined;
  const existing = registry.get(tagName);
  if (existing) return existing;
  // One class can back one tag only; other tags get their own subclass.
  const element = tagName === 'hearken-roadmap' ? HearkenRoadmapElement : class extends HearkenRoadmapElement {};
  registry.define(tagName, element);
  return element;
}
