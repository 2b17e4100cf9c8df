import type { OptionSignals } from '@hearken/ui/dom';
import { optionSignals } from '@hearken/ui/option-signals';
import { type Signal, signal } from '@preact/signals-core';
import { FEEDBACK_OPTIONS, type ResolvedFeedbackOptions } from './options.ts';

/**
 * What the eager element hands the view when it loads: the host, the element's options parsed (a
 * plain object: the eager part holds no signals, so `@preact/signals-core` loads with the view)
 * and the launcher it drew (null in inline mode).
 */
export interface FeedbackStart {
  readonly host: HTMLElement;
  readonly options: ResolvedFeedbackOptions;
  readonly launcher: HTMLButtonElement | null;
}

/** What the view holds from then on: the same, as signals. */
export interface FeedbackShell {
  readonly host: HTMLElement;
  readonly options: OptionSignals<ResolvedFeedbackOptions>;
  /** The launcher button (null in inline mode); the view moves it inside the themed root. */
  readonly launcher: Signal<HTMLButtonElement | null>;
}

/** The view's shell over what the eager element handed it. */
export function createShell({ host, options, launcher }: FeedbackStart): FeedbackShell {
  return { host, options: optionSignals(FEEDBACK_OPTIONS.fields, options), launcher: signal(launcher) };
}
