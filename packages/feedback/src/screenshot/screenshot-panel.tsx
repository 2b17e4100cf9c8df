/**
 * The screenshot chunk: loaded by the form only when the user asks for a screenshot. Takes an
 * image (a capture of this tab, a chosen, pasted or dropped file), lets the user mark it up, and
 * hands the re-encoded image to the model.
 */
import { format, useAdoptedStyles, useLocale } from '@hearken/ui';
import type { ReadonlySignal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Box, type BoxState, EMPTY_BOXES, scaleRects } from './boxes.ts';
import { CaptureRefusedError, canCaptureTab, captureTab } from './capture.ts';
import { paint } from './draw.ts';
import { Editor } from './editor.tsx';
import { decodeImage, encodeCanvas, fitBitmap, ScreenshotTooLargeError } from './encode.ts';
import type { Screenshot } from './image.ts';
import { type ScreenshotMessages, screenshotCatalog } from './strings.ts';
import { SCREENSHOT_CSS } from './styles.ts';

/** Where the panel puts the finished image: the feedback model. */
export interface ScreenshotTarget {
  readonly screenshot: ReadonlySignal<Screenshot | null>;
  setScreenshot(image: Screenshot | null): void;
  /** Sets the image once ready; a submission meanwhile waits for it. */
  prepareScreenshot(work: Promise<Screenshot | null>): Promise<void>;
}

export interface ScreenshotPanelProps {
  target: ScreenshotTarget;
  language: string | undefined;
  strings: Partial<ScreenshotMessages> | undefined;
  /** Called when the user leaves the panel with nothing attached. */
  onClose: () => void;
  /** Move focus into the panel when it opens (the user's button to open it is gone). */
  focus: boolean;
}

/** The image being edited; `lossless` for captures and PNG files, which try PNG first. */
interface Source {
  image: ImageBitmap;
  lossless: boolean;
}

const ACCEPT = 'image/png,image/jpeg,image/webp';

export function ScreenshotPanel({ target, language, strings, onClose, focus }: ScreenshotPanelProps) {
  const locale = useLocale(screenshotCatalog, language, strings);
  const t = (key: keyof ScreenshotMessages & string, values?: Record<string, string | number>) =>
    format(locale, key, values);
  const root = useRef<HTMLFieldSetElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [boxes, setBoxes] = useState<BoxState>(EMPTY_BOXES);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<keyof ScreenshotMessages | null>(null);
  const [drop, setDrop] = useState(false);
  useAdoptedStyles(root, SCREENSHOT_CSS);
  const attached = target.screenshot.value;
  const mode = editing && source ? 'edit' : attached ? 'attached' : 'choose';
  // Each step replaces the control that led to it: focus goes to the new step's first control.
  const opened = useRef(focus);
  useEffect(() => {
    if (opened.current) root.current?.querySelector<HTMLElement>('input:not([hidden]),button,[tabindex]')?.focus();
    opened.current = true;
  }, [mode]);

  function edit(next: Source, initial: readonly Box[] = []): void {
    setSource(next);
    setBoxes({ boxes: initial, past: [] });
    setEditing(true);
    setError(null);
  }

  async function run(work: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(
        failure instanceof ScreenshotTooLargeError
          ? 'screenshotTooLarge'
          : failure instanceof CaptureRefusedError
            ? 'screenshotRefused'
            : 'screenshotUnreadable',
      );
    } finally {
      setBusy(false);
    }
  }

  const takeFile = (file: Blob) =>
    run(async () => edit({ image: await decodeImage(file), lossless: file.type === 'image/png' }));

  const capture = () =>
    run(async () => {
      const hidden = root.current?.closest('.hk-root');
      const { frame, masks, viewport } = await captureTab((hide) => hidden?.classList.toggle('hk-capturing', hide));
      const image = await fitBitmap(frame);
      const size = { width: image.width, height: image.height };
      const masked = masks.flatMap(({ mask, ...rect }, index) =>
        scaleRects([rect], viewport, size).map((scaled) => ({
          ...scaled,
          id: index + 1,
          kind: 'blackout' as const,
          mask,
        })),
      );
      edit({ image, lossless: true }, masked);
    });

  const attach = () =>
    run(async () => {
      const { image, lossless } = source!;
      // Handed over before it is ready: a "Send" pressed while it encodes waits for the image.
      await target.prepareScreenshot(
        encodeCanvas(image.width, image.height, (context) => paint(context, image, boxes.boxes), { lossless }),
      );
      setEditing(false);
    });

  function cancel(): void {
    setEditing(false);
    setError(null);
    if (!target.screenshot.peek()) onClose();
  }

  function imageFrom(data: DataTransfer | null): File | undefined {
    return [...(data?.files ?? [])].find((file) => file.type.startsWith('image/'));
  }

  return (
    <fieldset
      ref={root}
      class="hk-shot"
      data-drop={drop ? '' : undefined}
      onPaste={(event) => {
        const file = imageFrom(event.clipboardData);
        if (!file) return;
        event.preventDefault();
        void takeFile(file);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDrop(true);
      }}
      onDragLeave={() => setDrop(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDrop(false);
        const file = imageFrom(event.dataTransfer);
        if (file) void takeFile(file);
      }}
    >
      <legend class="hk-label">{t('screenshotTitle')}</legend>
      {mode === 'edit' && source ? (
        <>
          <Editor image={source.image} state={boxes} onChange={setBoxes} t={t} />
          <div class="hk-actions">
            <button type="button" class="hk-button" onClick={cancel}>
              {t('screenshotCancel')}
            </button>
            <button type="button" class="hk-button" data-primary="" disabled={busy} onClick={attach}>
              {t('screenshotAttach')}
            </button>
          </div>
        </>
      ) : attached ? (
        <Attached
          image={attached}
          t={t}
          onEdit={() =>
            source
              ? setEditing(true)
              : run(async () =>
                  edit({ image: await decodeImage(attached.blob), lossless: attached.type === 'image/png' }),
                )
          }
          onRemove={() => {
            target.setScreenshot(null);
            setSource(null);
            onClose();
          }}
        />
      ) : (
        <>
          <div class="hk-actions">
            {canCaptureTab() ? (
              <button type="button" class="hk-button" disabled={busy} onClick={capture}>
                {t('screenshotCapture')}
              </button>
            ) : null}
            <button type="button" class="hk-button" disabled={busy} onClick={() => fileInput.current?.click()}>
              {t('screenshotChoose')}
            </button>
            <button type="button" class="hk-link" onClick={cancel}>
              {t('screenshotCancel')}
            </button>
          </div>
          <p class="hk-hint">{t('screenshotDrop')}</p>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label={t('screenshotChoose')}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void takeFile(file);
            }}
          />
        </>
      )}
      <p class="hk-status" role="status">
        {busy ? t('screenshotPreparing') : ''}
      </p>
      <p class="hk-status" role="alert">
        {error ? t(error) : ''}
      </p>
    </fieldset>
  );
}

function Attached({
  image,
  t,
  onEdit,
  onRemove,
}: {
  image: Screenshot;
  t: (key: keyof ScreenshotMessages & string, values?: Record<string, string | number>) => string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const thumb = useRef<HTMLCanvasElement>(null);
  // Drawn into a canvas, not shown through a blob: URL, which a strict img-src may not allow.
  useEffect(() => {
    let bitmap: ImageBitmap | undefined;
    void createImageBitmap(image.blob).then((decoded) => {
      bitmap = decoded;
      const context = thumb.current?.getContext('2d');
      context?.drawImage(decoded, 0, 0, context.canvas.width, context.canvas.height);
    });
    return () => bitmap?.close();
  }, [image]);
  const width = 160;
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  return (
    <>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas is not focusable; the line below says what it shows. */}
      <canvas ref={thumb} class="hk-shot-thumb" width={width} height={height} aria-hidden="true" />
      <p class="hk-hint">{t('screenshotAttached', { width: image.width, height: image.height })}</p>
      <div class="hk-actions">
        <button type="button" class="hk-button" onClick={onEdit}>
          {t('screenshotEdit')}
        </button>
        <button type="button" class="hk-button" onClick={onRemove}>
          {t('screenshotRemove')}
        </button>
      </div>
    </>
  );
}
