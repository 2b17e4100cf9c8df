import type { Rect } from './boxes.ts';

/** What a tab capture blacks out before the user sees it. */
export const MASK_SELECTOR = 'input[type=password], [data-hearken-mask]';

/** Whether this browser can capture the current tab (Chromium's `preferCurrentTab`). */
export function canCaptureTab(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
    // Phones have no screen capture; desktop Chromium offers this tab first with this option.
    typeof (navigator.mediaDevices as { getSupportedConstraints?: () => object }).getSupportedConstraints ===
      'function' &&
    'displaySurface' in navigator.mediaDevices.getSupportedConstraints()
  );
}

export interface MaskedRect extends Rect {
  mask: 'password' | 'marked';
}

/**
 * The viewport rectangles (CSS pixels) of every password field and `[data-hearken-mask]` element
 * on the page, open shadow roots included, that are on screen.
 */
export function maskRects(root: Document | ShadowRoot = document): MaskedRect[] {
  const found: MaskedRect[] = [];
  for (const element of root.querySelectorAll(MASK_SELECTOR)) {
    const { x, y, width, height } = element.getBoundingClientRect();
    if (width > 0 && height > 0)
      found.push({ x, y, width, height, mask: element.matches('[data-hearken-mask]') ? 'marked' : 'password' });
  }
  for (const element of root.querySelectorAll('*'))
    if (element.shadowRoot) found.push(...maskRects(element.shadowRoot));
  return found;
}

/**
 * Whether a captured frame has the viewport's shape (within 2%): a capture of this tab, at any
 * pixel ratio, rather than of another tab, a window or the screen.
 */
export function sameShape(frame: { width: number; height: number }, viewport: { width: number; height: number }) {
  return Math.abs(frame.width / frame.height / (viewport.width / viewport.height) - 1) <= 0.02;
}

/** The user said no in the browser's prompt, or the browser has no capture. */
export class CaptureRefusedError extends Error {
  override readonly name = 'CaptureRefusedError';
  constructor(readonly reason: string) {
    super(`The tab could not be captured: ${reason}.`);
  }
}

/** How long a capture waits for a frame without the form before it takes the one it has. */
export const HIDDEN_FRAME_WAIT_MS = 3000;

/**
 * Follows the frames `video` shows from now on, by when each was captured (where the browser
 * does not say, when it was shown). `after(since)` resolves once a frame captured at `since` or
 * later shows, or after `waitMs` without one: a page that does not change sends no new frame.
 */
export function watchFrames(video: HTMLVideoElement) {
  let latest = Number.NEGATIVE_INFINITY;
  let wake = () => {};
  const supported = 'requestVideoFrameCallback' in video;
  const onFrame: VideoFrameRequestCallback = (now, frame) => {
    latest = frame.captureTime ?? now;
    wake();
    video.requestVideoFrameCallback(onFrame);
  };
  if (supported) video.requestVideoFrameCallback(onFrame);
  return {
    after(since: number, waitMs = HIDDEN_FRAME_WAIT_MS): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = () => {};
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        wake = () => {
          if (latest >= since) done();
        };
        wake();
      });
    },
  };
}

/** The time of the next animation frame's callbacks: a style change made before it paints in that frame, not earlier. */
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

/**
 * One frame of the current tab, after the user agrees in the browser's prompt, with the page's
 * mask rectangles measured at that moment. `hide(true)` takes the form out of the picture from
 * before the prompt until the frame is taken; the stream's tracks stop at once.
 */
export async function captureTab(
  hide: (hidden: boolean) => void,
): Promise<{ frame: ImageBitmap; masks: MaskedRect[]; viewport: { width: number; height: number } }> {
  // The form leaves before the prompt, so the user sees the page they are asked to share. A frame
  // stamped after the hiding paint began could still show the form on a busy machine (the hidden
  // page not yet drawn: 1 in 12 runs beside two busy loops); the stream's first frame is taken
  // once the prompt is answered, well after the page without the form was drawn.
  hide(true);
  try {
    const since = await nextFrame();
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({
        video: { displaySurface: 'browser' },
        audio: false,
        preferCurrentTab: true,
        selfBrowserSurface: 'include',
      } as DisplayMediaStreamOptions);
    } catch (error) {
      throw new CaptureRefusedError(error instanceof Error ? error.name : String(error));
    }
    try {
      return await frameOf(stream, since);
    } finally {
      for (const track of stream.getTracks()) track.stop();
    }
  } finally {
    hide(false);
  }
}

/** The first frame of `stream` captured at `since` or later (or the latest after a wait), with the masks of that moment. */
async function frameOf(stream: MediaStream, since: number) {
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = stream;
  const frames = watchFrames(video);
  await video.play();
  await frames.after(since);
  const masks = maskRects();
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const frame = await createImageBitmap(video);
  video.srcObject = null;
  // The masks are this page's: another tab, a window or the whole screen would not line up.
  const surface = stream.getVideoTracks()[0]?.getSettings().displaySurface;
  if ((surface && surface !== 'browser') || !sameShape(frame, viewport)) {
    frame.close();
    throw new CaptureRefusedError('not this tab');
  }
  return { frame, masks, viewport };
}
