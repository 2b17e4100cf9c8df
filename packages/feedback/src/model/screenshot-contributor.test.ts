import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { createScreenshotContributor } from './screenshot-contributor.ts';

const shot = () => ({
  blob: new Blob([new Uint8Array([1])], { type: 'image/png' }),
  type: 'image/png',
  width: 1,
  height: 1,
});

describe('the screenshot contributor', () => {
  it('attaches the image under its file name and adds no metadata', () => {
    const part = createScreenshotContributor(signal(true));
    const image = shot();
    part.set(image);
    expect(part.metadata()).toEqual({});
    expect(part.attachments()).toEqual([
      { blob: image.blob, type: 'image/png', name: 'screenshot.png', label: 'Screenshot' },
    ]);
  });

  it('lets the image go once queued, but keeps one chosen since', () => {
    const part = createScreenshotContributor(signal(true));
    part.set(shot());
    const given = part.attachments();
    part.queued?.(given);
    expect(part.image.value).toBeNull();
    const newer = shot();
    part.set(newer);
    part.queued?.(given);
    expect(part.image.value).toBe(newer);
  });

  it('refuses an image while off and drops the one it had when turned off', () => {
    const enabled = signal(true);
    const part = createScreenshotContributor(enabled);
    part.set(shot());
    enabled.value = false;
    expect(part.image.value).toBeNull();
    expect(part.attachments()).toEqual([]);
    expect(() => part.set(shot())).toThrow(/screenshots: off/);
  });
});
