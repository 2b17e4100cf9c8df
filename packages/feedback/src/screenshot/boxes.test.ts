import { describe, expect, it } from 'vitest';
import {
  addBox,
  EMPTY_BOXES,
  isDrawn,
  MIN_BOX,
  rectBetween,
  removeBox,
  scaleRects,
  startBox,
  stepBox,
  undo,
} from './boxes.ts';

const bounds = { width: 1000, height: 500 };

describe('box geometry', () => {
  it('a drag in any direction gives the same box, clipped to the image', () => {
    expect(rectBetween({ x: 300, y: 200 }, { x: 100, y: 50 }, bounds)).toEqual({
      x: 100,
      y: 50,
      width: 200,
      height: 150,
    });
    expect(rectBetween({ x: -50, y: 450 }, { x: 80, y: 900 }, bounds)).toEqual({ x: 0, y: 450, width: 80, height: 50 });
  });

  it('a click is not a box', () => {
    expect(isDrawn(rectBetween({ x: 10, y: 10 }, { x: 12, y: 40 }, bounds))).toBe(false);
    expect(isDrawn(rectBetween({ x: 10, y: 10 }, { x: 10 + MIN_BOX, y: 10 + MIN_BOX }, bounds))).toBe(true);
  });

  it('viewport rectangles land on the frame at its scale (a 2x capture, then a frame scaled down)', () => {
    const viewport = { width: 800, height: 600 };
    expect(scaleRects([{ x: 100, y: 50, width: 200, height: 30 }], viewport, { width: 1600, height: 1200 })).toEqual([
      { x: 200, y: 100, width: 401, height: 61 },
    ]);
    // Half size: a fractional edge still covers the whole field.
    expect(scaleRects([{ x: 101, y: 51, width: 199, height: 29 }], viewport, { width: 400, height: 300 })).toEqual([
      { x: 50, y: 25, width: 101, height: 16 },
    ]);
  });

  it('a field scrolled partly out of view is clipped; one fully out of view is left out', () => {
    const viewport = { width: 800, height: 600 };
    const frame = { width: 800, height: 600 };
    expect(
      scaleRects(
        [
          { x: 700, y: -20, width: 200, height: 40 },
          { x: 10, y: 700, width: 100, height: 20 },
        ],
        viewport,
        frame,
      ),
    ).toEqual([{ x: 700, y: 0, width: 100, height: 21 }]);
  });
});

describe('keyboard boxes', () => {
  it('start as a fifth of the image in its middle', () => {
    expect(startBox(bounds)).toEqual({ x: 400, y: 200, width: 200, height: 100 });
  });

  it('arrows move by a fiftieth of the image (Alt: a two-hundredth) and stop at its edges', () => {
    const box = startBox(bounds);
    expect(stepBox(box, 'ArrowRight', {}, bounds)).toEqual({ ...box, x: 420 });
    expect(stepBox(box, 'ArrowUp', { alt: true }, bounds)).toEqual({ ...box, y: 197 });
    let moved = box;
    for (let i = 0; i < 100; i++) moved = stepBox(moved, 'ArrowLeft', {}, bounds)!;
    expect(moved.x).toBe(0);
    for (let i = 0; i < 100; i++) moved = stepBox(moved, 'ArrowDown', {}, bounds)!;
    expect(moved.y + moved.height).toBe(bounds.height);
  });

  it('Shift and arrows resize, never below the smallest box nor past the image', () => {
    const box = startBox(bounds);
    expect(stepBox(box, 'ArrowRight', { shift: true }, bounds)).toEqual({ ...box, width: 220 });
    let small = box;
    for (let i = 0; i < 100; i++) small = stepBox(small, 'ArrowUp', { shift: true }, bounds)!;
    expect(small.height).toBe(MIN_BOX);
    let wide = box;
    for (let i = 0; i < 100; i++) wide = stepBox(wide, 'ArrowRight', { shift: true }, bounds)!;
    expect(wide.x + wide.width).toBe(bounds.width);
  });

  it('other keys are not steps', () => {
    expect(stepBox(startBox(bounds), 'Enter', {}, bounds)).toBeNull();
  });
});

describe('box list with undo', () => {
  it('adds with new ids, removes, and undoes one change at a time', () => {
    const one = addBox(EMPTY_BOXES, 'blackout', { x: 1, y: 1, width: 10, height: 10 });
    const two = addBox(one, 'highlight', { x: 20, y: 20, width: 10, height: 10 });
    expect(two.boxes.map((box) => [box.id, box.kind])).toEqual([
      [1, 'blackout'],
      [2, 'highlight'],
    ]);
    const removed = removeBox(two, 1);
    expect(removed.boxes.map((box) => box.id)).toEqual([2]);
    expect(undo(removed).boxes).toEqual(two.boxes);
    expect(undo(undo(undo(removed))).boxes).toEqual([]);
    expect(undo(EMPTY_BOXES)).toBe(EMPTY_BOXES);
  });
});
