import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { holdHeight, SETTLE_MS } from './hold-height.ts';

const container = document.createElement('div');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('keeps the skeleton height while the view fills in, then lets the view take its own', () => {
  holdHeight(container, 400);
  expect(container.style.minHeight).toBe('400px');
  vi.advanceTimersByTime(SETTLE_MS - 1);
  expect(container.style.minHeight).toBe('400px');
  vi.advanceTimersByTime(1);
  expect(container.style.minHeight).toBe('');
});

it('ends at once when asked (the widget is removed or loads again)', () => {
  const stop = holdHeight(container, 400);
  stop();
  expect(container.style.minHeight).toBe('');
});
