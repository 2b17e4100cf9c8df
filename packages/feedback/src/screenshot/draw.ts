import type { Box, Rect } from './boxes.ts';

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Outline colour of highlights: reads on light and dark pages alike. */
const HIGHLIGHT = '#ff2d55';

/**
 * Paints `image` with its boxes: black-outs filled opaque (the pixels under them are gone from
 * the canvas, and so from what is encoded), highlights outlined. `draft` is the box being drawn or
 * placed with the keyboard, dashed, on the preview only.
 */
export function paint(context: Context2D, image: CanvasImageSource, boxes: readonly Box[], draft?: Rect | null): void {
  const { width, height } = context.canvas;
  context.globalAlpha = 1;
  context.setLineDash([]);
  context.drawImage(image, 0, 0, width, height);
  const line = Math.max(2, Math.round(Math.max(width, height) / 300));
  context.fillStyle = '#000';
  for (const box of boxes) if (box.kind === 'blackout') context.fillRect(box.x, box.y, box.width, box.height);
  context.strokeStyle = HIGHLIGHT;
  context.lineWidth = line;
  for (const box of boxes)
    if (box.kind === 'highlight')
      context.strokeRect(box.x + line / 2, box.y + line / 2, box.width - line, box.height - line);
  if (draft) {
    context.setLineDash([line * 3, line * 2]);
    context.strokeStyle = '#000';
    context.strokeRect(draft.x, draft.y, draft.width, draft.height);
    context.strokeStyle = '#fff';
    context.lineDashOffset = line * 2.5;
    context.strokeRect(draft.x, draft.y, draft.width, draft.height);
    context.lineDashOffset = 0;
  }
}
