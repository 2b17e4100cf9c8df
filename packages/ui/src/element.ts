import type { ComponentChild } from 'preact';
import { type AttributeMap, reflectAttributes, upgradeProperties } from './reflect.ts';
import { mountShadow, type ShadowMount } from './shadow.ts';

// Lets the module load where HTMLElement is missing (SSR, Node tests); defining still needs a DOM.
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/**
 * Base class for a Hearken custom element: renders a Preact tree into an open shadow root,
 * keeps string properties and attributes in sync, and re-renders (once per microtask) when
 * either changes.
 *
 * A subclass lists its reflected properties in `static attributes`, declares them for
 * TypeScript (`declare view: string | null`), and implements `styles()` and `renderTree()`.
 * Each reflected property reads its attribute (`null` when absent); assigning `null` or
 * `undefined` removes the attribute. Other state can call {@link HearkenElement.requestRender}.
 *
 * @example
 * class Hello extends HearkenElement {
 *   static override attributes = { name: 'name' };
 *   declare name: string | null;
 *   protected styles() { return [BASE_CSS]; }
 *   protected renderTree() { return h('p', null, `Hello ${this.name}`); }
 * }
 * defineElement('x-hello', Hello);
 */
export abstract class HearkenElement extends ElementBase {
  static attributes: AttributeMap = {};

  static get observedAttributes(): string[] {
    // biome-ignore lint/complexity/noThisInStatic: each subclass observes its own attributes.
    return [...Object.values(this.attributes), 'nonce'];
  }

  #mount: ShadowMount | undefined;
  #queued = false;

  /** Stylesheets for the shadow root (CSS text, cascade order). */
  protected abstract styles(): readonly string[];
  /** The tree to render for the current properties. */
  protected abstract renderTree(): ComponentChild;

  /** The CSP nonce for the style fallback: the `nonce` property or attribute. */
  protected get styleNonce(): string | undefined {
    return this.nonce || this.getAttribute('nonce') || undefined;
  }

  connectedCallback(): void {
    upgradeProperties(this, Object.keys((this.constructor as typeof HearkenElement).attributes));
    this.#mount ??= mountShadow(this, { css: this.styles(), nonce: this.styleNonce });
    this.requestRender();
  }

  disconnectedCallback(): void {
    // Moving an element in the DOM disconnects and reconnects it in one task: keep the tree then.
    queueMicrotask(() => {
      if (!this.isConnected) this.#mount?.render(null);
    });
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next) this.requestRender();
  }

  /** Schedules a render for the next microtask; several changes in one task render once. */
  requestRender(): void {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      if (this.isConnected && this.#mount) this.#mount.render(this.renderTree());
    });
  }

  /** The shadow root's render container, once connected (for tests and advanced hosts). */
  get renderRoot(): HTMLElement | undefined {
    return this.#mount?.container;
  }
}

/**
 * Installs the reflected accessors of `element` and registers it as `tagName`. Defining the
 * same tag again is a no-op (so two bundles on one page don't throw); returns the class that
 * is registered under the tag.
 */
export function defineElement<T extends typeof HearkenElement>(
  tagName: string,
  element: T,
  registry: CustomElementRegistry | undefined = globalThis.customElements,
): CustomElementConstructor {
  // Without a registry (Node, server rendering) there is nothing to define, and no reason to throw.
  if (!registry) return element as unknown as CustomElementConstructor;
  const existing = registry.get(tagName);
  if (existing) return existing;
  reflectAttributes(element.prototype, element.attributes);
  registry.define(tagName, element as unknown as CustomElementConstructor);
  return element as unknown as CustomElementConstructor;
}
