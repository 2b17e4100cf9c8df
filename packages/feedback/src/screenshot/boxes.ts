/** A rectangle in the image's pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A highlight draws an outline in the sent image; a black-out replaces the pixels under it. */
export type BoxKind = 'highlight' | 'blackout';

export interface Box extends Rect {
  id: number;
  kind: BoxKind;
  /** Set on the black-outs a tab capture starts with (a password field, a `data-hearken-mask` element). */
  mask?: 'password' | 'marked' | undefined;
}

export interface Size {
  width: number;
  height: number;
}

/** Boxes smaller than this (in image pixels, either side) are a click, not a drawn box. */
export const MIN_BOX = 4;

/** The rectangle between two corners, whichever way it was dragged, clipped to `bounds`. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }, bounds: Size): Rect {
  return clip(
    { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) },
    bounds,
  );
}

/** `rect` cut to the part inside `bounds` (zero-sized when it lies outside). */
export function clip(rect: Rect, bounds: Size): Rect {
  const x = Math.max(0, Math.min(rect.x, bounds.width));
  const y = Math.max(0, Math.min(rect.y, bounds.height));
  return {
    x,
    y,
    width: Math.max(0, Math.min(rect.x + rect.width, bounds.width) - x),
    height: Math.max(0, Math.min(rect.y + rect.height, bounds.height) - y),
  };
}

export const isDrawn = (rect: Rect) => rect.width >= MIN_BOX && rect.height >= MIN_BOX;

/**
 * Rectangles in CSS pixels of a `viewport` onto an image of `frame` size: a tab capture is the
 * viewport at the screen's pixel ratio, or scaled down; clipped to the frame, empty ones left out.
 */
export function scaleRects(rects: readonly Rect[], viewport: Size, frame: Size): Rect[] {
  const sx = frame.width / viewport.width;
  const sy = frame.height / viewport.height;
  return rects
    .map((rect) =>
      clip(
        {
          x: Math.floor(rect.x * sx),
          y: Math.floor(rect.y * sy),
          width: Math.ceil(rect.width * sx) + 1,
          height: Math.ceil(rect.height * sy) + 1,
        },
        frame,
      ),
    )
    .filter((rect) => rect.width > 0 && rect.height > 0);
}

/** The box a keyboard user starts with: a fifth of the image, in its middle. */
export function startBox(bounds: Size): Rect {
  const width = Math.max(MIN_BOX, Math.round(bounds.width / 5));
  const height = Math.max(MIN_BOX, Math.round(bounds.height / 5));
  return { x: Math.round((bounds.width - width) / 2), y: Math.round((bounds.height - height) / 2), width, height };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The keyboard's box after `key`: arrows move it, with Shift they resize it (right and down grow),
 * by a fiftieth of the image (a two-hundredth with Alt, for fine work); it stays inside the image
 * and never shrinks below {@link MIN_BOX}. Null when the key is not an arrow.
 */
export function stepBox(
  rect: Rect,
  key: string,
  modifiers: { shift?: boolean; alt?: boolean },
  bounds: Size,
): Rect | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const divisor = modifiers.alt ? 200 : 50;
  const dx = arrow[0] * Math.max(1, Math.round(bounds.width / divisor));
  const dy = arrow[1] * Math.max(1, Math.round(bounds.height / divisor));
  if (modifiers.shift) {
    const width = Math.min(Math.max(MIN_BOX, rect.width + dx), bounds.width - rect.x);
    const height = Math.min(Math.max(MIN_BOX, rect.height + dy), bounds.height - rect.y);
    return { ...rect, width, height };
  }
  return {
    ...rect,
    x: Math.min(Math.max(0, rect.x + dx), bounds.width - rect.width),
    y: Math.min(Math.max(0, rect.y + dy), bounds.height - rect.height),
  };
}

/** The boxes with their undo history: every change can be taken back, one at a time. */
export interface BoxState {
  boxes: readonly Box[];
  past: readonly (readonly Box[])[];
}

export const EMPTY_BOXES: BoxState = { boxes: [], past: [] };

export function withBoxes(state: BoxState, boxes: readonly Box[]): BoxState {
  return { boxes, past: [...state.past, state.boxes] };
}

export function addBox(state: BoxState, kind: BoxKind, rect: Rect): BoxState {
  const id = Math.max(0, ...state.boxes.map((box) => box.id)) + 1;
  return withBoxes(state, [...state.boxes, { ...rect, id, kind }]);
}

export function removeBox(state: BoxState, id: number): BoxState {
  return withBoxes(
    state,
    state.boxes.filter((box) => box.id !== id),
  );
}

export function undo(state: BoxState): BoxState {
  const previous = state.past.at(-1);
  return previous ? { boxes: previous, past: state.past.slice(0, -1) } : state;
}
