import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import type { SubmissionContributor } from './contributor.ts';
import { checkScreenshot, type Screenshot, screenshotName } from './screenshot.ts';
import type { Attachment } from './submission.ts';

/** The screenshot as a contributor to a submission: the image it attaches. */
export interface ScreenshotContributor extends SubmissionContributor {
  /** Whether screenshots are on. */
  readonly enabled: ReadonlySignal<boolean>;
  /** The image that goes with the next submission, or null. */
  readonly image: ReadonlySignal<Screenshot | null>;
  /** Sets the image (null removes it); throws a `ScreenshotError` when it cannot go. */
  set(image: Screenshot | null): void;
  dispose(): void;
}

/** The screenshot that goes with the next submission, while `enabled` holds. */
export function createScreenshotContributor(enabled: ReadonlySignal<boolean>): ScreenshotContributor {
  const on = computed(() => enabled.value);
  const image = signal<Screenshot | null>(null);
  const stop = effect(() => {
    if (!on.value) image.value = null;
  });
  return {
    enabled: on,
    image,
    set(next) {
      if (next) checkScreenshot(next, on.peek());
      image.value = next;
    },
    metadata: () => ({}),
    attachments(): Attachment[] {
      const shot = image.peek();
      return shot ? [{ blob: shot.blob, type: shot.type, name: screenshotName(shot.type), label: 'Screenshot' }] : [];
    },
    queued(attachments) {
      // The queue holds the image now; the form starts the next submission without one, unless it
      // was replaced while the submission was being stored.
      const shot = image.peek();
      if (shot && attachments.some((file) => file.blob === shot.blob)) image.value = null;
    },
    dispose: stop,
  };
}
