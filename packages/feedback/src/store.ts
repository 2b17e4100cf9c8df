import type { FeedbackOptions, OpenOptions } from './options.ts';

/** What the launcher (always loaded) shares with the form (loaded on demand). */
export interface FeedbackState {
  options: FeedbackOptions;
  /** Whether the dialog is open (launcher mode). */
  open: boolean;
  /** Context and text passed to the latest `open()`. */
  request: OpenOptions & { id: number };
  /** Where focus goes back to when the dialog closes. */
  trigger: HTMLElement | null;
  /** The launcher button (null in inline mode); the form moves it inside the themed root. */
  launcher: HTMLButtonElement | null;
}

export interface Store<T> {
  get(): T;
  set(patch: Partial<T>): void;
  subscribe(listener: (state: T) => void): () => void;
}

/** A minimal observable: the form re-renders whenever the element's state changes. */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<(state: T) => void>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
