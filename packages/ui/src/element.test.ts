import { h } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE_CSS } from './base-css.ts';
import { defineElement, HearkenElement } from './element.ts';
import { emit } from './events.ts';
import { adoptStyles } from './styles.ts';

class Greeting extends HearkenElement {
  static override attributes = { name: 'name', apiBase: 'api-base' };
  declare name: string | null;
  declare apiBase: string | null;
  renders = 0;
  protected styles() {
    return [BASE_CSS, 'p{margin:0}'];
  }
  protected renderTree() {
    this.renders++;
    return h('p', { 'data-base': this.apiBase ?? '' }, `Hello ${this.name ?? 'nobody'}`);
  }
}
defineElement('test-greeting', Greeting);

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('HearkenElement', () => {
  it('renders into an open shadow root with adopted styles', async () => {
    const element = document.createElement('test-greeting') as Greeting;
    element.setAttribute('name', 'Ada');
    document.body.append(element);
    await tick();
    expect(element.shadowRoot?.textContent).toBe('Hello Ada');
    expect(element.shadowRoot?.adoptedStyleSheets).toHaveLength(2);
    expect(element.shadowRoot?.querySelector('style')).toBeNull();
  });

  it('keeps properties and attributes in step and re-renders once per batch of changes', async () => {
    const element = document.createElement('test-greeting') as Greeting;
    document.body.append(element);
    await tick();
    const before = element.renders;
    element.name = 'Grace';
    element.apiBase = 'https://api.example';
    expect(element.getAttribute('name')).toBe('Grace');
    expect(element.getAttribute('api-base')).toBe('https://api.example');
    await tick();
    expect(element.renders).toBe(before + 1);
    expect(element.shadowRoot?.querySelector('p')?.dataset.base).toBe('https://api.example');
    element.setAttribute('name', 'Linus');
    expect(element.name).toBe('Linus');
    await tick();
    expect(element.shadowRoot?.textContent).toBe('Hello Linus');
    element.name = null;
    expect(element.hasAttribute('name')).toBe(false);
    await tick();
    expect(element.shadowRoot?.textContent).toBe('Hello nobody');
  });

  it('keeps a property set before the element was defined', async () => {
    const element = document.createElement('test-late') as HTMLElement & { name?: string };
    element.name = 'Early';
    document.body.append(element);
    class Late extends Greeting {}
    defineElement('test-late', Late);
    await tick();
    expect(element.getAttribute('name')).toBe('Early');
    expect(element.shadowRoot?.textContent).toBe('Hello Early');
  });

  it('unmounts the tree when removed, and keeps it when only moved', async () => {
    const element = document.createElement('test-greeting') as Greeting;
    document.body.append(element);
    await tick();
    const other = document.createElement('div');
    document.body.append(other);
    other.append(element);
    await tick();
    expect(element.shadowRoot?.textContent).toBe('Hello nobody');
    element.remove();
    await tick();
    expect(element.shadowRoot?.textContent).toBe('');
  });

  it('falls back to a <style nonce> element without constructable stylesheets', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets');
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    try {
      const element = document.createElement('test-greeting') as Greeting;
      element.setAttribute('nonce', 'r4nd0m');
      document.body.append(element);
      await tick();
      const styles = element.shadowRoot!.querySelectorAll('style');
      expect(styles).toHaveLength(2);
      expect([...styles].every((style) => style.getAttribute('nonce') === 'r4nd0m')).toBe(true);
      expect(styles[0]!.textContent).toContain(':host{all:initial');
      element.name = 'Still styled';
      await tick();
      expect(element.shadowRoot!.querySelectorAll('style')).toHaveLength(2);
    } finally {
      if (descriptor) Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', descriptor);
    }
  });

  it('does not throw when a tag is defined twice', () => {
    expect(defineElement('test-greeting', class extends Greeting {})).toBe(Greeting);
  });
});

describe('defineElement without a registry', () => {
  it('defines nothing and throws nothing where customElements is missing (Node, server rendering)', () => {
    vi.stubGlobal('customElements', undefined);
    try {
      expect(defineElement('test-nowhere', Greeting)).toBe(Greeting);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(customElements.get('test-nowhere')).toBeUndefined();
  });
});

describe('emit', () => {
  it('sends a composed, bubbling event out of a shadow root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const inner = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('span'));
    const seen = vi.fn();
    document.body.addEventListener('hearken:test', (event) =>
      seen((event as CustomEvent).detail, event.bubbles, event.composed),
    );
    emit(inner, 'hearken:test', { id: 1 });
    expect(seen).toHaveBeenCalledWith({ id: 1 }, true, true);
  });
});

describe('adoptStyles', () => {
  it('shares one constructed sheet between roots and never adds it twice', () => {
    const a = document.createElement('div').attachShadow({ mode: 'open' });
    const b = document.createElement('div').attachShadow({ mode: 'open' });
    adoptStyles(a, '.x{color:red}');
    adoptStyles(a, '.x{color:red}');
    adoptStyles(b, '.x{color:red}');
    expect(a.adoptedStyleSheets).toHaveLength(1);
    expect(a.adoptedStyleSheets[0]).toBe(b.adoptedStyleSheets[0]);
  });

  it('remembers the nonce of a root for styles added later, in the fallback', () => {
    const descriptor = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets');
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    try {
      const root = document.createElement('div').attachShadow({ mode: 'open' });
      adoptStyles(root, '.a{}', 'n0nce');
      adoptStyles(root, '.b{}');
      adoptStyles(root, '.b{}');
      const styles = [...root.querySelectorAll('style')];
      expect(styles.map((style) => [style.textContent, style.getAttribute('nonce')])).toEqual([
        ['.a{}', 'n0nce'],
        ['.b{}', 'n0nce'],
      ]);
    } finally {
      if (descriptor) Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', descriptor);
    }
  });
});
