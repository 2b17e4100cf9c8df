import { type ComponentChild, render } from 'preact';
import { adoptStyles } from './styles.ts';

/** Options for {@link mountShadow}. */
export interface ShadowMountOptions {
  /** Stylesheets for the shadow root, in cascade order. */
  css: readonly string[];
  /** CSP nonce for the `<style>` fallback used where constructable stylesheets are missing. */
  nonce?: string | undefined;
}

/** A Preact render target inside a host's shadow root. */
export interface ShadowMount {
  readonly root: ShadowRoot;
  /** The element Preact renders into (Preact owns all of its children). */
  readonly container: HTMLElement;
  /** Renders (or re-renders, diffing) a tree; `null` unmounts it. */
  render(tree: ComponentChild): void;
}

const MOUNT_ATTRIBUTE = 'data-hk-mount';

/**
 * Opens (or reuses) `host`'s shadow root, applies the styles and returns a render target.
 * Preact gets its own container element so the `<style>` fallback is never diffed away.
 */
export function mountShadow(host: HTMLElement, options: ShadowMountOptions): ShadowMount {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  for (const css of options.css) adoptStyles(root, css, options.nonce);
  let container = root.querySelector<HTMLElement>(`[${MOUNT_ATTRIBUTE}]`);
  if (!container) {
    container = root.ownerDocument.createElement('div');
    container.setAttribute(MOUNT_ATTRIBUTE, '');
    root.append(container);
  }
  const target = container;
  return { root, container: target, render: (tree) => render(tree, target) };
}
