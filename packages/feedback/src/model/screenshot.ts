import { PROXY_IMAGE_TYPES } from '@hearken/core';

import type { Screenshot } from '../screenshot/image.ts';

export type { Screenshot };

/** A screenshot the model cannot take: screenshots are off, or its type is not one the proxy takes. */
export class ScreenshotError extends Error {
  override readonly name = 'ScreenshotError';
  constructor(
    readonly code: 'screenshots_off' | 'unsupported_type',
    message: string,
  ) {
    super(message);
  }
}

/** Throws a {@link ScreenshotError} unless `image` can go to the key proxy. */
export function checkScreenshot(image: Screenshot, enabled: boolean): void {
  if (!enabled) {
    throw new ScreenshotError('screenshots_off', 'screenshots: off; turn them on once the proxy takes messages');
  }
  if (!(PROXY_IMAGE_TYPES as readonly string[]).includes(image.type)) {
    throw new ScreenshotError('unsupported_type', `screenshot.type: must be one of ${PROXY_IMAGE_TYPES.join(', ')}`);
  }
}

/** The file name the image is sent under, by its type. */
export function screenshotName(type: string): string {
  return `screenshot.${type.slice('image/'.length).replace('jpeg', 'jpg')}`;
}
