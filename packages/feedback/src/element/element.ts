import { type HearkenElementClass, type OptionProperties, whenRemoved } from '@hearken/ui/dom';
import type { FeedbackEventMap } from '../events.ts';
import { FEEDBACK_OPTIONS, type OpenOptions } from '../options.ts';
import { type FeedbackHandle, mountFeedback } from './mount.ts';

// Lets the module load where HTMLElement is missing (SSR, Node); defining still needs a DOM.
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as HearkenElementClass<
  FeedbackEventMap,
  OptionProperties<typeof FEEDBACK_OPTIONS.fields>
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
  #handle: FeedbackHandle | undefined;

  static {
    FEEDBACK_OPTIONS.reflect(HearkenFeedbackElement.prototype, (element) =>
      (element as HearkenFeedbackElement).#changed(),
    );
  }

  /** An option changed, as an attribute or a property. */
  #changed(): void {
    this.#handle?.update(FEEDBACK_OPTIONS.read(this));
  }

  connectedCallback(): void {
    FEEDBACK_OPTIONS.upgrade(this);
    if (this.#handle) this.#changed();
    else this.#handle = mountFeedback(this, FEEDBACK_OPTIONS.read(this));
  }

  disconnectedCallback(): void {
    whenRemoved(this, () => {
      this.#handle?.destroy();
      this.#handle = undefined;
    });
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next) this.#changed();
  }

  /** Opens the dialog (or focuses the inline form). */
  open(options?: OpenOptions): Promise<void> {
    return this.#handle?.open(options) ?? Promise.resolve();
  }

  close(): void {
    this.#handle?.close();
  }
}
