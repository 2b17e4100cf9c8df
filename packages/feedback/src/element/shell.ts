import { type OptionSignals, optionSignals } from '@hearken/ui/dom';
import { type Signal, signal } from '@preact/signals-core';
import type { FeedbackOptions } from '../options.ts';

/**
 * What the eager element shares with the view, which loads later: the element's options as
 * signals (`@preact/signals-core`, which it can hold without Preact) and the launcher it drew.
 */
export interface FeedbackShell {
  readonly host: HTMLElement;
  readonly options: OptionSignals<FeedbackOptions>;
  /** The launcher button (null in inline mode); the view moves it inside the themed root. */
  readonly launcher: Signal<HTMLButtonElement | null>;
}

// Every option by name; the Record type makes the compiler insist on a complete list.
const OPTION_NAMES: Record<keyof FeedbackOptions, 0> = {
  proxy: 0,
  mode: 0,
  workspace: 0,
  apiBase: 0,
  theme: 0,
  language: 0,
  projectId: 0,
  issueId: 0,
  contextTitle: 0,
  identityToken: 0,
  suggest: 0,
  context: 0,
  contextUrl: 0,
  screenshots: 0,
  position: 0,
  announce: 0,
  changelogUrl: 0,
  strings: 0,
  nonce: 0,
  fetch: 0,
  storage: 0,
};

/** A shell for `host` holding `options`, with no launcher yet. */
export function createShell(host: HTMLElement, options: FeedbackOptions): FeedbackShell {
  return { host, options: optionSignals(OPTION_NAMES, options), launcher: signal(null) };
}
