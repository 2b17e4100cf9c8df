import { afterEach, describe, expect, it } from 'vitest';
import { markScrollEdges } from './scroll-edges.ts';

/** A scroller `visible` px wide over `content` px of columns, scrolled to `left`. */
function board(visible: number, content: number) {
  const marker = document.createElement('div');
  const scroller = document.createElement('section');
  marker.append(scroller);
  document.body.append(marker);
  Object.defineProperty(scroller, 'clientWidth', { value: visible });
  Object.defineProperty(scroller, 'scrollWidth', { value: content });
  const scrollTo = (left: number) => {
    scroller.scrollLeft = left;
    scroller.dispatchEvent(new Event('scroll'));
  };
  return { marker, scroller, scrollTo };
}

afterEach(() => document.body.replaceChildren());

describe('markScrollEdges', () => {
  it('marks nothing when the columns fit', () => {
    const { marker, scroller } = board(1120, 1120);
    markScrollEdges(scroller, marker);
    expect(marker.dataset.more).toBeUndefined();
  });

  it('marks the end, then both edges, then the start as the board scrolls', () => {
    const { marker, scroller, scrollTo } = board(390, 1200);
    const stop = markScrollEdges(scroller, marker);
    expect(marker.dataset.more).toBe('end');
    scrollTo(400);
    expect(marker.dataset.more).toBe('start end');
    scrollTo(810);
    expect(marker.dataset.more).toBe('start');
    stop();
    scrollTo(0);
    expect(marker.dataset.more).toBe('start');
  });

  it('reads a right-to-left board, whose offsets run below zero, the same way', () => {
    const { marker, scroller, scrollTo } = board(390, 1200);
    markScrollEdges(scroller, marker);
    scrollTo(-810);
    expect(marker.dataset.more).toBe('start');
  });
});
