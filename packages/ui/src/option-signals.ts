/**
 * @hearken/ui/option-signals: an element's options as signals (`@preact/signals-core`), a leaf of its
 * own: the eager parts hold their options plain and import `@hearken/ui/dom`, so they never load
 * the signals library before their view, which makes the signals with this.
 */
import { batch, type Signal, signal } from '@preact/signals-core';
import type { OptionFields, OptionsInput, OptionsOf, OptionTable } from './define-options.ts';

/** Each of an element's options as its own signal, so a change re-runs only what reads that option. */
export type OptionSignals<O> = { readonly [K in keyof O]-?: Signal<O[K]> };

/**
 * One signal per option `names` lists (a record, so the compiler insists on a complete list),
 * set from `options`. An element's shell holds its options this way, without Preact; the
 * view that loads later reads them.
 */
export function optionSignals<O extends object>(names: Record<keyof O, unknown>, options: O): OptionSignals<O> {
  const signals: Record<string, Signal<unknown>> = {};
  for (const name of Object.keys(names)) signals[name] = signal(options[name as keyof O]);
  return signals as OptionSignals<O>;
}

/** Sets the options `patch` names (`undefined` restores a default), notifying once. */
export function patchOptions<O extends object>(signals: OptionSignals<O>, patch: Partial<O>): void {
  batch(() => {
    for (const [name, value] of Object.entries(patch)) {
      const target = (signals as Record<string, Signal<unknown> | undefined>)[name];
      if (target) target.value = value;
    }
  });
}

/** The options' current values, read without subscribing. */
export function peekOptions<O extends object>(signals: OptionSignals<O>): O {
  const options: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(signals as Record<string, Signal<unknown>>)) options[name] = value.peek();
  return options as O;
}

/** One signal per option of `table`, holding the parsed `input` (defaults applied). */
export function tableSignals<T extends OptionFields>(
  table: OptionTable<T>,
  input: OptionsInput<T>,
): OptionSignals<OptionsOf<T>> {
  return optionSignals(table.fields, table.parse(input));
}

/** Parses and sets the options `patch` names (`undefined` restores a default), notifying once. */
export function patchTable<T extends OptionFields>(
  table: OptionTable<T>,
  signals: OptionSignals<OptionsOf<T>>,
  patch: Partial<OptionsInput<T>>,
): void {
  patchOptions<OptionsOf<T>>(signals, table.parse(patch, Object.keys(patch)));
}
