import { defineElement } from '@hearken/ui/dom';
import { HearkenFeedbackElement } from './element.ts';

/**
 * Registers the element (default `<hearken-feedback>`) and returns the class registered under the
 * tag; defining a tag twice is a no-op. Where custom elements do not exist (Node during a server
 * render) it does nothing and returns undefined.
 */
export function define(
  tagName = 'hearken-feedback',
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): CustomElementConstructor | undefined {
  return defineElement(HearkenFeedbackElement, 'hearken-feedback', tagName, registry);
}
