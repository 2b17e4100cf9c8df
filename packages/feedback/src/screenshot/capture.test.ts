import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptureRefusedError, captureTab, HIDDEN_FRAME_WAIT_MS, maskRects, sameShape, watchFrames } from './capture.ts';

function placed(element: Element, x: number, y: number, width: number, height: number): void {
  element.getBoundingClientRect = () => ({ x, y, width, height }) as DOMRect;
}

afterEach(() => document.body.replaceChildren());

describe('maskRects', () => {
  it('finds password fields and marked elements, inside open shadow roots too, and skips hidden ones', () => {
    document.body.innerHTML = `<input type="password" id="p"><div data-hearken-mask id="m"></div><input id="plain"><input type="password" id="hidden"><div id="host"></div>`;
    placed(document.getElementById('p')!, 10, 20, 200, 30);
    placed(document.getElementById('m')!, 0, 100, 300, 50);
    placed(document.getElementById('plain')!, 0, 0, 100, 20);
    placed(document.getElementById('hidden')!, 0, 0, 0, 0);
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<input type="password">';
    placed(shadow.firstElementChild!, 5, 5, 50, 10);
    expect(maskRects()).toEqual([
      { x: 10, y: 20, width: 200, height: 30, mask: 'password' },
      { x: 0, y: 100, width: 300, height: 50, mask: 'marked' },
      { x: 5, y: 5, width: 50, height: 10, mask: 'password' },
    ]);
  });
});

describe('sameShape', () => {
  it('takes a capture of the viewport at any pixel ratio, not a frame of another shape', () => {
    expect(sameShape({ width: 2560, height: 1440 }, { width: 1280, height: 720 })).toBe(true);
    expect(sameShape({ width: 1279, height: 721 }, { width: 1280, height: 720 })).toBe(true);
    expect(sameShape({ width: 1920, height: 1080 }, { width: 1280, height: 900 })).toBe(false);
  });
});

/** A video whose stream's frames the test sends, each with the time it was captured (or none). */
function fakeVideo() {
  let pending: VideoFrameRequestCallback | undefined;
  const video = {
    requestVideoFrameCallback(callback: VideoFrameRequestCallback) {
      pending = callback;
      return 1;
    },
  } as unknown as HTMLVideoElement;
  const show = (shownAt: number, captureTime?: number) => {
    const callback = pending;
    pending = undefined;
    callback?.(shownAt, { captureTime } as VideoFrameCallbackMetadata);
  };
  return { video, show };
}

describe('watchFrames', () => {
  afterEach(() => vi.useRealTimers());

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('waits past frames captured before the form was hidden, however late they arrive', async () => {
    vi.useFakeTimers();
    const { video, show } = fakeVideo();
    const frames = watchFrames(video);
    show(90, 80);
    const hidden = frames.after(100);
    expect(await settled(hidden)).toBe(false);
    show(400, 95);
    expect(await settled(hidden)).toBe(false);
    show(410, 101);
    expect(await settled(hidden)).toBe(true);
  });

  it('takes a frame captured after the hide that showed before the wait began', async () => {
    const { video, show } = fakeVideo();
    const frames = watchFrames(video);
    show(120, 110);
    expect(await settled(frames.after(100))).toBe(true);
  });

  it('goes by when a frame showed where the browser does not say when it was captured', async () => {
    vi.useFakeTimers();
    const { video, show } = fakeVideo();
    const frames = watchFrames(video);
    const hidden = frames.after(100);
    show(90);
    expect(await settled(hidden)).toBe(false);
    show(130);
    expect(await settled(hidden)).toBe(true);
  });

  it('ends the wait when no new frame comes, as from a page that does not change', async () => {
    vi.useFakeTimers();
    const { video } = fakeVideo();
    const hidden = watchFrames(video).after(100);
    await vi.advanceTimersByTimeAsync(HIDDEN_FRAME_WAIT_MS - 1);
    expect(await settled(hidden)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(hidden)).toBe(true);
  });
});

describe('captureTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hides the form before the browser asks, and brings it back when the user says no', async () => {
    const steps: string[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
    vi.stubGlobal('navigator', {
      mediaDevices: {
        getDisplayMedia: async () => {
          steps.push('prompt');
          throw new DOMException('Permission denied', 'NotAllowedError');
        },
      },
    });
    const refused = await captureTab((hidden) => steps.push(hidden ? 'hide' : 'show')).catch((error) => error);
    expect(refused).toBeInstanceOf(CaptureRefusedError);
    expect(refused.reason).toBe('NotAllowedError');
    expect(steps).toEqual(['hide', 'prompt', 'show']);
  });
});
