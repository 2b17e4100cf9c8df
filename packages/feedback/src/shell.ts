import type { OptionSignals } from '@hearken/ui/dom';
import { tableSignals } from '@hearken/ui/option-signals';
import { type Signal, signal } from '@preact/signals-core';
import { FEEDBACK_OPTIONS, type FeedbackOptions, type ResolvedFeedbackOptions } from './options.ts';

/**
 * What the eager element shares with the view, which loads later: the element's options, parsed,
 * as signals (`@preact/signals-core`, which it can hold without Preact) and the launcher it drew.
 */
export interface FeedbackShell {
  readonly host: HTMLElement;
  readonly options: OptionSignals<ResolvedFeedbackOptions>;
  /** The launcher button (null in inline mode); the view moves it inside the themed root. */
  readonly launcher: Signal<HTMLButtonElement | null>;
}

/** A shell for `host` holding `options`, with no launcher yet. */
export function createShell(host: HTMLElement, options: FeedbackOptions): FeedbackShell {
  return { host, options: tableSignals(FEEDBACK_OPTIONS, options), launcher: signal(null) };
}
