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
  /** Whether an image is being prepared (encoded after the user's edits) to become {@link image}. */
  readonly preparing: ReadonlySignal<boolean>;
  /** Sets the image (null removes it); throws a `ScreenshotError` when it cannot go. */
  set(image: Screenshot | null): void;
  /**
   * Sets the image `work` gives once it is ready; until then a submission waits for it (see
   * {@link SubmissionContributor.ready}). A later `set` or `prepare` wins over this one.
   */
  prepare(work: Promise<Screenshot | null>): Promise<void>;
  dispose(): void;
}

/** The screenshot that goes with the next submission, while `enabled` holds. */
export function createScreenshotContributor(enabled: ReadonlySignal<boolean>): ScreenshotContributor {
  const on = computed(() => enabled.value);
  const image = signal<Screenshot | null>(null);
  const preparing = signal(false);
  // The latest preparation: a submission waits for it, and it settles as failed or done.
  let pending: Promise<void> = Promise.resolve();
  let generation = 0;
  const stop = effect(() => {
    if (!on.value) image.value = null;
  });
  function set(next: Screenshot | null): void {
    if (next) checkScreenshot(next, on.peek());
    generation++;
    preparing.value = false;
    pending = Promise.resolve();
    image.value = next;
  }
  return {
    enabled: on,
    image,
    preparing,
    set,
    prepare(work) {
      const mine = ++generation;
      preparing.value = true;
      const done = work.then((next) => {
        if (mine !== generation) return;
        if (next) checkScreenshot(next, on.peek());
        image.value = next;
      });
      pending = done;
      // A submission already waiting and the caller hear a failure (the panel shows it); a later
      // submission goes with what is attached then.
      void done.then(
        () => settle(mine),
        () => settle(mine),
      );
      return done;
    },
    ready: () => pending,
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

  function settle(mine: number): void {
    if (mine !== generation) return;
    preparing.value = false;
    pending = Promise.resolve();
  }
}
