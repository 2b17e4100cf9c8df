import { WidgetElement, type WidgetElementClass } from '@hearken/ui/dom';
import type { FeedbackEventMap } from '../events.ts';
import { FEEDBACK_OPTIONS, type OpenOptions } from '../options.ts';
import { type FeedbackHandle, mountFeedback } from './mount.ts';

const ElementBase = WidgetElement as WidgetElementClass<
  FeedbackEventMap,
  typeof FEEDBACK_OPTIONS.fields,
  FeedbackHandle
>;

/**
 * `<hearken-feedback proxy="https://…" mode="launcher|inline" workspace theme language
 * project-id issue-id context-title identity-token position api-base suggest="on|off" announce
 * changelog-url screenshots="on|off" context-url context="off|ask" kind privacy-url>`: the feedback widget as a custom
 * element. Its options are {@link FEEDBACK_OPTIONS}: attributes and properties stay in sync, and
 * changes apply without a reload.
 */
export class HearkenFeedbackElement extends ElementBase {
  static readonly observedAttributes: string[] = FEEDBACK_OPTIONS.attributes;

  static {
    FEEDBACK_OPTIONS.reflect(HearkenFeedbackElement.prototype, (element) =>
      (element as HearkenFeedbackElement).changed(),
    );
  }

  constructor() {
    super(FEEDBACK_OPTIONS, mountFeedback);
  }

  override connectedCallback(): void {
    const moved = this.handle !== undefined;
    super.connectedCallback();
    // A moved element's widget takes its options again.
    if (moved) this.changed();
  }

  /** Opens the dialog (or focuses the inline form). */
  open(options?: OpenOptions): Promise<void> {
    return this.handle?.open(options) ?? Promise.resolve();
  }

  close(): void {
    this.handle?.close();
  }
}
