import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchElements } from './lazy-elements.ts';

let counter = 0;
/** A distinct tag per test: custom element names cannot be unregistered. */
const uniqueTag = (base: string) => `${base}-${++counter}`;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A loader that defines `tagName` as its own `Element` class. */
function definingLoader(tagName: string) {
  class Element extends HTMLElement {}
  const load = vi.fn(async () => {
    customElements.define(tagName, Element);
  });
  return Object.assign(load, { Element });
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('watchElements', () => {
  it('loads nothing while no element is on the page', async () => {
    const roadmap = uniqueTag('x-roadmap');
    const load = definingLoader(roadmap);
    const watcher = watchElements({ [roadmap]: load });
    await flush();
    expect(load).not.toHaveBeenCalled();
    watcher.disconnect();
  });

  it('loads an element present at start, and only that one', async () => {
    const roadmap = uniqueTag('x-roadmap');
    const feedback = uniqueTag('x-feedback');
    document.body.innerHTML = `<main><${roadmap}></${roadmap}></main>`;
    const loadRoadmap = definingLoader(roadmap);
    const loadFeedback = definingLoader(feedback);
    const watcher = watchElements({ [roadmap]: loadRoadmap, [feedback]: loadFeedback });
    await flush();
    expect(loadRoadmap).toHaveBeenCalledTimes(1);
    expect(loadFeedback).not.toHaveBeenCalled();
    expect(document.querySelector(roadmap)).toBeInstanceOf(loadRoadmap.Element);
    watcher.disconnect();
  });

  it('loads an element added later, once however many appear', async () => {
    const feedback = uniqueTag('x-feedback');
    const load = definingLoader(feedback);
    const watcher = watchElements({ [feedback]: load });
    const wrapper = document.createElement('section');
    wrapper.innerHTML = `<div><${feedback}></${feedback}></div>`;
    document.body.append(wrapper);
    document.body.append(document.createElement(feedback));
    await flush();
    document.body.append(document.createElement(feedback));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(watcher.ensure(feedback)).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    watcher.disconnect();
  });

  it('skips the loader when the element is already defined (for example by the npm package)', async () => {
    const roadmap = uniqueTag('x-roadmap');
    customElements.define(roadmap, class extends HTMLElement {});
    const load = definingLoader(roadmap);
    document.body.append(document.createElement(roadmap));
    const watcher = watchElements({ [roadmap]: load });
    await watcher.ensure(roadmap);
    expect(load).not.toHaveBeenCalled();
    watcher.disconnect();
  });

  it('retries a failed load when another element appears', async () => {
    const roadmap = uniqueTag('x-roadmap');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    class Roadmap extends HTMLElement {}
    const load = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockImplementation(async () => customElements.define(roadmap, Roadmap));
    const watcher = watchElements({ [roadmap]: load });
    document.body.append(document.createElement(roadmap));
    await flush();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ message: 'chunk failed' }));
    document.body.append(document.createElement(roadmap));
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    for (const element of document.querySelectorAll(roadmap)) expect(element).toBeInstanceOf(Roadmap);
    watcher.disconnect();
    error.mockRestore();
  });

  it('rejects an element it does not know', async () => {
    const watcher = watchElements({});
    await expect(watcher.ensure('x-unknown')).rejects.toThrow('<x-unknown>');
  });
});
