import { useEffect, useRef, useState } from 'preact/hooks';
import {
  addBox,
  type Box,
  type BoxKind,
  type BoxState,
  isDrawn,
  type Rect,
  rectBetween,
  removeBox,
  startBox,
  stepBox,
  undo,
} from './boxes.ts';
import { paint } from './draw.ts';
import type { ScreenshotMessages } from './strings.ts';

export type Translate = (key: keyof ScreenshotMessages & string, values?: Record<string, string | number>) => string;

export interface EditorProps {
  image: ImageBitmap;
  state: BoxState;
  onChange: (state: BoxState) => void;
  t: Translate;
}

/** The name of a box in the list: its kind, its number, and why a default black-out is there. */
function boxName(t: Translate, box: Box, n: number): string {
  if (box.mask === 'password') return t('screenshotBoxPassword', { n });
  if (box.mask === 'marked') return t('screenshotBoxMarked', { n });
  return t(box.kind === 'blackout' ? 'screenshotBoxBlackout' : 'screenshotBoxHighlight', { n });
}

/**
 * The image with its boxes, drawn with a mouse, a finger or a pen (pointer events), or with the
 * keyboard on the focused canvas; the boxes listed below it, each with a remove button. A default
 * black-out (a password field, a marked element) is removed only by pressing its button twice.
 */
export function Editor({ image, state, onChange, t }: EditorProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [tool, setTool] = useState<BoxKind>('highlight');
  const [draft, setDraft] = useState<Rect | null>(null);
  const [revealing, setRevealing] = useState<number | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const bounds = { width: image.width, height: image.height };

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) paint(context, image, state.boxes, draft);
  }, [image, state, draft]);

  function point(event: PointerEvent) {
    const rect = canvas.current!.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * image.width) / rect.width,
      y: ((event.clientY - rect.top) * image.height) / rect.height,
    };
  }

  function place(rect: Rect): void {
    if (isDrawn(rect)) onChange(addBox(state, tool, roundRect(rect)));
  }

  function onKeyDown(event: KeyboardEvent): void {
    const current = draft ?? startBox(bounds);
    const moved = stepBox(current, event.key, { shift: event.shiftKey, alt: event.altKey }, bounds);
    if (moved) setDraft(moved);
    else if (event.key === 'Enter' || event.key === ' ') place(current);
    else if (event.key === 'Delete' || event.key === 'Backspace') {
      const last = state.boxes.findLast((box) => !box.mask);
      if (last) onChange(removeBox(state, last.id));
    } else return;
    event.preventDefault();
  }

  return (
    <div class="hk-shot-editor">
      <fieldset class="hk-pain">
        <legend class="hk-label">{t('screenshotTool')}</legend>
        <div>
          {(['highlight', 'blackout'] as const).map((kind) => (
            <label key={kind}>
              <input type="radio" name="hk-shot-tool" checked={tool === kind} onChange={() => setTool(kind)} />
              <span>{t(kind === 'highlight' ? 'screenshotHighlight' : 'screenshotBlackout')}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: the canvas is the drawing surface; the application role hands it the arrow keys. */}
      <canvas
        ref={canvas}
        class="hk-shot-canvas"
        width={image.width}
        height={image.height}
        tabIndex={0}
        role="application"
        aria-label={t('screenshotCanvas')}
        aria-describedby="hk-shot-keys"
        onFocus={() => setDraft((current) => current ?? startBox(bounds))}
        onBlur={() => setDraft(null)}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          start.current = point(event);
          setDraft(rectBetween(start.current, start.current, bounds));
        }}
        onPointerMove={(event) => {
          if (start.current) setDraft(rectBetween(start.current, point(event), bounds));
        }}
        onPointerUp={(event) => {
          if (!start.current) return;
          place(rectBetween(start.current, point(event), bounds));
          start.current = null;
        }}
        onPointerCancel={() => {
          start.current = null;
          setDraft(null);
        }}
      />
      <p id="hk-shot-keys" class="hk-hint">
        {t('screenshotKeys')}
      </p>
      {state.boxes.length ? (
        <ul class="hk-shot-boxes" aria-label={t('screenshotBoxes')}>
          {state.boxes.map((box, index) => {
            const name = boxName(t, box, index + 1);
            const label = box.mask
              ? t(revealing === box.id ? 'screenshotRevealConfirm' : 'screenshotReveal')
              : t('screenshotRemoveBox');
            return (
              <li key={box.id}>
                <span>{name}</span>
                <button
                  type="button"
                  class="hk-link"
                  aria-label={`${label}: ${name}`}
                  onClick={() => {
                    if (box.mask && revealing !== box.id) return setRevealing(box.id);
                    setRevealing(null);
                    onChange(removeBox(state, box.id));
                  }}
                >
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div class="hk-actions">
        <button type="button" class="hk-button" disabled={!state.past.length} onClick={() => onChange(undo(state))}>
          {t('screenshotUndo')}
        </button>
      </div>
    </div>
  );
}

const roundRect = (rect: Rect): Rect => ({
  x: Math.round(rect.x),
  y: Math.round(rect.y),
  width: Math.round(rect.width),
  height: Math.round(rect.height),
});
