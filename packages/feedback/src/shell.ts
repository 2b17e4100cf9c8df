import { batch, type Signal, signal } from '@preact/signals-core';
import type { FeedbackOptions, OpenOptions } from './options.ts';

/** Each option as its own signal, so a change re-renders only what reads that option. */
export type OptionSignals = { readonly [K in keyof FeedbackOptions]-?: Signal<FeedbackOptions[K]> };

/**
 * What the eager shell (the element and its launcher) shares with the form, which loads later:
 * signals from `@preact/signals-core`, which the shell can hold without Preact.
 */
export interface FeedbackShell {
  readonly host: HTMLElement;
  readonly options: OptionSignals;
  /** Whether the dialog is open (launcher mode). */
  readonly open: Signal<boolean>;
  /** The latest `open()` call's context and text, until the form has taken it up. */
  readonly request: Signal<OpenOptions | null>;
  /** The launcher button (null in inline mode); the form moves it inside the themed root. */
  readonly launcher: Signal<HTMLButtonElement | null>;
  /** Where focus goes back to when the dialog closes. */
  trigger: HTMLElement | null;
  /** Closes the dialog, announcing it. */
  close(): void;
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
  position: 0,
  strings: 0,
  nonce: 0,
  fetch: 0,
  storage: 0,
};

/** One signal per option, set from `options`. */
export function optionSignals(options: FeedbackOptions): OptionSignals {
  const signals: Record<string, Signal<unknown>> = {};
  for (const name of Object.keys(OPTION_NAMES)) signals[name] = signal(options[name as keyof FeedbackOptions]);
  return signals as unknown as OptionSignals;
}

/** Sets the options `patch` names (`undefined` restores a default), notifying once. */
export function patchOptions(signals: OptionSignals, patch: Partial<FeedbackOptions>): void {
  batch(() => {
    for (const [name, value] of Object.entries(patch)) {
      const target = (signals as unknown as Record<string, Signal<unknown> | undefined>)[name];
      if (target) target.value = value;
    }
  });
}
