/**
 * @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHearken, type HearkenApi } from './commands.ts';
import { watchElements } from './lazy-elements.ts';
import { adoptQueue } from './queue.ts';
import { installQueue, snippet, snippetScript } from './snippet.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Records what the feedback element was asked to do, in order. */
const calls: string[] = [];
class TestFeedbackElement extends HTMLElement {
  open(options?: { issueId?: string }) {
    calls.push(`open:${options?.issueId ?? ''}:${this.getAttribute('proxy') ?? ''}`);
  }
  close() {
    calls.push('close');
  }
}

function loadedApi() {
  const elements = watchElements({
    'hearken-feedback': async () => {
      if (!customElements.get('hearken-feedback')) customElements.define('hearken-feedback', TestFeedbackElement);
    },
    'hearken-roadmap': async () => {
      if (!customElements.get('hearken-roadmap'))
        customElements.define('hearken-roadmap', class extends HTMLElement {});
    },
  });
  return { elements, api: createHearken(elements) };
}

afterEach(() => {
  delete window.Hearken;
  calls.length = 0;
  for (const script of document.head.querySelectorAll('script')) script.remove();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the snippet', () => {
  it('defines a queue and adds one module script, however often it runs', () => {
    installQueue(window, document, '/assets/hearken.js');
    installQueue(window, document, '/assets/hearken.js');
    new Function(snippetScript('/assets/hearken.js'))();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.type).toBe('module');
    expect(scripts[0]?.getAttribute('src')).toBe('/assets/hearken.js');
    expect(typeof window.Hearken).toBe('function');
  });

  it('is self-contained text that works on its own', () => {
    new Function(snippetScript('https://cdn.example/hearken.js'))();
    window.Hearken?.('feedback:open', { issueId: 'i1' });
    const stub = window.Hearken as unknown as { q: ArrayLike<unknown>[] };
    expect(Array.from(stub.q, (args) => Array.from(args))).toEqual([['feedback:open', { issueId: 'i1' }]]);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('https://cdn.example/hearken.js');
  });

  it('stays a few hundred bytes', () => {
    expect(snippetScript('/hearken.js').length).toBeLessThan(800);
  });

  it('renders HTML with the nonce, escaped, and a URL that cannot end the element', () => {
    const html = snippet({ src: '/x</script><script>alert(1)//', nonce: 'a"b' });
    expect(html.startsWith('<script nonce="a&quot;b">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('passes the CSP nonce of the snippet to the module script', () => {
    const current = document.createElement('script');
    current.nonce = 'n0nce';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(current);
    installQueue(window, document, '/hearken.js');
    expect(document.head.querySelector<HTMLScriptElement>('script[type="module"]')?.nonce).toBe('n0nce');
  });

  it('finds the module next to itself when served as a file', () => {
    const current = document.createElement('script');
    current.src = 'https://cdn.example/hearken/snippet.min.js';
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(current);
    new Function(snippetScript())();
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('https://cdn.example/hearken/hearken.js');
  });
});

describe('the queue hand-over', () => {
  it('replays queued calls in order once the module arrives, then runs later calls at once', async () => {
    installQueue(window, document, '/hearken.js');
    window.Hearken?.('init', { proxy: 'https://proxy.example' });
    window.Hearken?.('feedback:open', { issueId: 'first' });
    window.Hearken?.('feedback:close');
    expect(calls).toEqual([]);

    const { api, elements } = loadedApi();
    adoptQueue(window, api);
    await flush();
    expect(calls).toEqual(['open:first:https://proxy.example', 'close']);
    expect(window.Hearken).toBe(api);

    await (window.Hearken as HearkenApi)('feedback:open', { issueId: 'later' });
    expect(calls.at(-1)).toBe('open:later:https://proxy.example');
    expect(document.querySelectorAll('hearken-feedback')).toHaveLength(1);
    elements.disconnect();
  });

  it('forwards calls made through an old reference to the stub', async () => {
    installQueue(window, document, '/hearken.js');
    const early = window.Hearken as (...args: unknown[]) => void;
    const { api, elements } = loadedApi();
    adoptQueue(window, api);
    early('feedback:open', { issueId: 'stale-reference' });
    await flush();
    expect(calls).toEqual(['open:stale-reference:']);
    elements.disconnect();
  });

  it('warns about an unknown command, skips it and runs the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    installQueue(window, document, '/hearken.js');
    (window.Hearken as (...args: unknown[]) => void)('feedback:explode', {});
    window.Hearken?.('feedback:open', { issueId: 'after' });
    const { api, elements } = loadedApi();
    adoptQueue(window, api);
    await flush();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"feedback:explode"'));
    expect(calls).toEqual(['open:after:']);
    elements.disconnect();
  });

  it('keeps the first loaded copy when the module loads twice', () => {
    const first = loadedApi();
    const second = loadedApi();
    expect(adoptQueue(window, first.api)).toBe(first.api);
    expect(adoptQueue(window, second.api)).toBe(first.api);
    expect(window.Hearken).toBe(first.api);
    first.elements.disconnect();
    second.elements.disconnect();
  });

  it('mounts a roadmap into a container with the stored settings', async () => {
    document.body.innerHTML = '<div id="roadmap"></div>';
    const { api, elements } = loadedApi();
    await api('init', { workspace: 'ws_1', apiBase: 'https://api.example' });
    await api('roadmap:mount', { target: '#roadmap', view: 'changelog' });
    const element = document.querySelector('#roadmap > hearken-roadmap');
    expect(element?.getAttribute('workspace')).toBe('ws_1');
    expect(element?.getAttribute('api-base')).toBe('https://api.example');
    expect(element?.getAttribute('view')).toBe('changelog');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api('roadmap:mount', { target: '#missing' })).rejects.toThrow('#missing');
    expect(error).toHaveBeenCalledTimes(1);
    elements.disconnect();
  });

  it('subscribes to widget events with on and off', async () => {
    const { api, elements } = loadedApi();
    const seen: string[] = [];
    const listener = (event: Event) => seen.push(event.type);
    await api('on', 'hearken:success', listener);
    document.body.dispatchEvent(new CustomEvent('hearken:success', { bubbles: true }));
    await api('off', 'hearken:success', listener);
    document.body.dispatchEvent(new CustomEvent('hearken:success', { bubbles: true }));
    expect(seen).toEqual(['hearken:success']);
    elements.disconnect();
  });
});
