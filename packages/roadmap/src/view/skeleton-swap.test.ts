import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS } from './hold-height.ts';
import { skeletonSwap } from './skeleton-swap.ts';

function place() {
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  root.append(container);
  const skeleton = () => Object.assign(document.createElement('div'), { className: 'hk-shell' });
  return { root, container, skeleton };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('skeletonSwap', () => {
  it('shows one skeleton before the view while loading, then hands its height to the view for a while', () => {
    vi.useFakeTimers();
    const { root, container, skeleton } = place();
    const swap = skeletonSwap({ root, container }, skeleton);
    swap.show(true);
    swap.show(true);
    expect(root.querySelectorAll('.hk-shell')).toHaveLength(1);
    expect(root.firstElementChild?.className).toBe('hk-shell');
    vi.spyOn(root.querySelector('.hk-shell')!, 'getBoundingClientRect').mockReturnValue({ height: 400 } as DOMRect);
    swap.show(false);
    expect(root.querySelector('.hk-shell')).toBeNull();
    expect(container.style.minHeight).toBe('400px');
    vi.advanceTimersByTime(SETTLE_MS);
    expect(container.style.minHeight).toBe('');
  });

  it('follows the loading state once the view has rendered, and leaves nothing behind', () => {
    const { root, container, skeleton } = place();
    const swap = skeletonSwap({ root, container }, skeleton);
    const loading = signal(false);
    let rendered = false;
    const stop = swap.follow(loading, () => rendered);
    loading.value = true;
    expect(root.querySelector('.hk-shell')).toBeNull();
    loading.value = false;
    rendered = true;
    loading.value = true;
    expect(root.querySelector('.hk-shell')).not.toBeNull();
    stop();
    swap.leave();
    expect(root.querySelector('.hk-shell')).toBeNull();
    expect(container.style.minHeight).toBe('');
  });
});
