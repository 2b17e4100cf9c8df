import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterRoadmap, ROADMAP_WAIT_MS } from './after-roadmap.ts';

const fire = (target: Element, type: string) =>
  target.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true }));

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('afterRoadmap', () => {
  it('calls at once on a page without a roadmap', () => {
    const callback = vi.fn();
    afterRoadmap(document, callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("waits for the roadmap's content, not for another widget's events", () => {
    const roadmap = document.body.appendChild(document.createElement('hearken-roadmap'));
    const feedback = document.body.appendChild(document.createElement('hearken-feedback'));
    const callback = vi.fn();
    afterRoadmap(document, callback);
    fire(feedback, 'hearken:error');
    expect(callback).not.toHaveBeenCalled();
    fire(roadmap, 'hearken:load');
    fire(roadmap, 'hearken:load');
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('goes on when the roadmap fails, or when it takes too long', () => {
    vi.useFakeTimers();
    const roadmap = document.body.appendChild(document.createElement('hearken-roadmap'));
    const failed = vi.fn();
    afterRoadmap(document, failed);
    fire(roadmap, 'hearken:error');
    expect(failed).toHaveBeenCalledTimes(1);
    const slow = vi.fn();
    afterRoadmap(document, slow);
    vi.advanceTimersByTime(ROADMAP_WAIT_MS - 1);
    expect(slow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it('calls nothing once cancelled', () => {
    vi.useFakeTimers();
    const roadmap = document.body.appendChild(document.createElement('hearken-roadmap'));
    const callback = vi.fn();
    afterRoadmap(document, callback)();
    fire(roadmap, 'hearken:load');
    vi.advanceTimersByTime(ROADMAP_WAIT_MS);
    expect(callback).not.toHaveBeenCalled();
  });
});
