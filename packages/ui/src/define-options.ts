/**
 * How an option reaches the element: `attribute` an attribute reflected as a string property;
 * `native` an attribute whose property the browser already defines (such as `nonce`);
 * `property` a property only; `both` a property that also reads an attribute.
 */
export type OptionKind = 'attribute' | 'native' | 'property' | 'both';

/**
 * One option of a widget: how a value set as an attribute or a property becomes the option's
 * value (`V`, with the default applied), and what a host may set (`I`). Made by {@link text},
 * {@link oneOf}, {@link flag} or {@link property}; put the option's TSDoc on its key in the table.
 */
export interface OptionField<V = unknown, I = unknown, K extends OptionKind = OptionKind, R extends boolean = boolean> {
  readonly kind: K;
  /** The option's value for what was set (an attribute's string, a property's value, or nothing). */
  readonly parse: (value: unknown) => V;
  /** Whether a host must set it. */
  readonly required: R;
  /** For `both`: the option's value for the attribute. */
  readonly attribute?: ((value: string) => I | undefined) | undefined;
  /** Carries the input type; never set. */
  readonly input?: I;
}

/** The table `defineOptions` takes: option name → field. */
export type OptionFields = Readonly<Record<string, OptionField>>;

type Value<F> = F extends OptionField<infer V> ? V : never;
type Input<F> = F extends OptionField<unknown, infer I> ? I : never;
type KindOf<F> = F extends OptionField<unknown, unknown, infer K> ? K : never;
type RequiredKeys<T> = {
  [K in keyof T]: T[K] extends OptionField<unknown, unknown, OptionKind, true> ? K : never;
}[keyof T];
type Flatten<T> = { [K in keyof T]: T[K] };

/** `apiBase` → `api-base`: the attribute of an option. */
export type Kebab<S extends string> = S extends `${infer H}${infer R}`
  ? `${H extends Lowercase<H> ? H : `-${Lowercase<H>}`}${Kebab<R>}`
  : S;

/** The attribute of option `K` (`never` for a property-only option). */
export type OptionAttributeName<T extends OptionFields, K extends keyof T> =
  KindOf<T[K]> extends 'property' ? never : Kebab<K & string>;

/** The options a host passes to a widget's `mount…` function (defaults unapplied). */
export type OptionsInput<T extends OptionFields> = Flatten<
  { [K in keyof T as K extends RequiredKeys<T> ? K : never]: Input<T[K]> } & {
    [K in keyof T as K extends RequiredKeys<T> ? never : K]?: Input<T[K]> | undefined;
  }
>;

/** The options once parsed, defaults applied: what the shell's signals hold and the model reads. */
export type OptionsOf<T extends OptionFields> = { -readonly [K in keyof T]: Value<T[K]> };

/** The element's option properties: reflected attributes read as strings (`null` when absent). */
export type OptionProperties<T extends OptionFields> = {
  -readonly [K in keyof T as KindOf<T[K]> extends 'native' ? never : K]: KindOf<T[K]> extends 'attribute'
    ? string | null
    : Input<T[K]> | undefined;
};

/**
 * What markup or JSX may set on the element: each attribute under its kebab-case name and every
 * option under its property name (React 19, Preact, Vue and Svelte set a property when the
 * element has one).
 */
export type OptionAttributes<T extends OptionFields> = Flatten<
  { [K in keyof T as KindOf<T[K]> extends 'property' ? never : Kebab<K & string>]?: Input<T[K]> } & {
    [K in keyof T]?: Input<T[K]>;
  }
>;

/** A widget's option table, and what it derives. */
export interface OptionTable<T extends OptionFields> {
  readonly fields: T;
  /** The attributes to observe. */
  readonly attributes: string[];
  /** Property name → attribute name, for attribute options. */
  attributeOf(name: keyof T & string): string;
  /**
   * Gives an element class's prototype a property per option: attribute options read and write
   * their attribute; property options keep their value and call `changed` on the element.
   */
  reflect(prototype: object, changed: (element: HTMLElement) => void): void;
  /** Moves properties set before the element was upgraded through their accessors. */
  upgrade(element: HTMLElement): void;
  /** What the element holds: its attributes' strings and its properties' values, for {@link parse}. */
  read(element: HTMLElement): OptionsInput<T>;
  /** Parses what a host passed; `keys` limits it to the options a patch names. */
  parse(input: Partial<OptionsInput<T>>, keys?: string[]): OptionsOf<T>;
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const field = <V, I, K extends OptionKind, R extends boolean>(
  kind: K,
  parse: (value: unknown) => V,
  required: R,
  attribute?: (value: string) => I | undefined,
): OptionField<V, I, K, R> => ({ kind, parse, required, attribute });

/** A string attribute; empty or missing is `undefined`, or `''` when required. */
export function text<T extends string = string>(options: { required: true }): OptionField<T, T, 'attribute', true>;
export function text<T extends string = string>(): OptionField<T | undefined, T, 'attribute', false>;
export function text(options?: { required: true }): OptionField<string | undefined, string, 'attribute', boolean> {
  return field('attribute', (value) => (value ? String(value) : options ? '' : undefined), !!options);
}

/** A string attribute whose property the browser defines (`nonce`): read from the property, else the attribute. */
export function native(): OptionField<string | undefined, string, 'native', false> {
  return field('native', (value) => (value ? String(value) : undefined), false);
}

/** One of `values`; anything else is `fallback` (`undefined` when none is given). */
export function oneOf<const T extends string>(values: readonly T[]): OptionField<T | undefined, T, 'attribute', false>;
export function oneOf<const T extends string>(values: readonly T[], fallback: T): OptionField<T, T, 'attribute', false>;
export function oneOf<T extends string>(values: readonly T[], fallback?: T): OptionField<T | undefined, T> {
  return field('attribute', (value) => (values.includes(value as T) ? (value as T) : fallback), false);
}

/** `on` (or the attribute present and empty) is true, `off` false, anything else `fallback`. */
export function flag(fallback: boolean): OptionField<boolean, 'on' | 'off', 'attribute', false> {
  return field(
    'attribute',
    (value) => (value === 'on' || value === '' ? true : value === 'off' ? false : fallback),
    false,
  );
}

/**
 * A property only (objects, functions), taken as it is; with `attribute`, it also reads that
 * attribute (its value when the property is unset).
 */
export function property<T>(): OptionField<T | undefined, T, 'property', false>;
export function property<T>(attribute: (value: string) => T | undefined): OptionField<T | undefined, T, 'both', false>;
export function property<T>(attribute?: (value: string) => T | undefined): OptionField<T | undefined, T> {
  return field(attribute ? 'both' : 'property', (value) => value as T | undefined, false, attribute);
}

/**
 * Declares a widget's options once, with a field per option (TSDoc on its key): the element's
 * observed attributes and properties, parsing and the typings ({@link OptionsInput},
 * {@link OptionsOf}, {@link OptionProperties}, {@link OptionAttributes}) all come from it; the
 * shell's signals from `tableSignals` (option-signals.ts). Needs neither Preact nor signals, so an
 * element's eager part can hold its options without loading `@preact/signals-core`.
 */
export function defineOptions<const T extends OptionFields>(fields: T): OptionTable<T> {
  const names = Object.keys(fields);
  const attributed = names.filter((name) => fields[name]!.kind !== 'property');
  const stored = new WeakMap<object, Record<string, unknown>>();
  const store = (element: object) => stored.get(element) ?? stored.set(element, {}).get(element)!;

  function parse(input: Record<string, unknown>, keys = names) {
    const options: Record<string, unknown> = {};
    for (const name of keys) if (fields[name]) options[name] = fields[name].parse(input[name]);
    return options;
  }

  const table: OptionTable<T> = {
    fields,
    attributes: attributed.map(kebab),
    attributeOf: kebab,
    reflect(prototype, changed) {
      for (const name of names) {
        const { kind, attribute } = fields[name]!;
        if (kind === 'native') continue;
        const attr = kebab(name);
        Object.defineProperty(
          prototype,
          name,
          kind === 'attribute'
            ? {
                configurable: true,
                get(this: HTMLElement) {
                  return this.getAttribute(attr);
                },
                set(this: HTMLElement, value: unknown) {
                  if (value == null) this.removeAttribute(attr);
                  else this.setAttribute(attr, String(value));
                },
              }
            : {
                configurable: true,
                get(this: HTMLElement) {
                  const attributeValue = this.getAttribute(attr);
                  return (
                    store(this)[name] ?? (attribute && attributeValue !== null ? attribute(attributeValue) : undefined)
                  );
                },
                set(this: HTMLElement, value: unknown) {
                  store(this)[name] = value;
                  changed(this);
                },
              },
        );
      }
    },
    upgrade(element) {
      const record = element as unknown as Record<string, unknown>;
      for (const name of names) {
        if (fields[name]!.kind !== 'native' && Object.hasOwn(record, name)) {
          const value = record[name];
          delete record[name];
          record[name] = value;
        }
      }
    },
    read(element) {
      const record = element as unknown as Record<string, unknown>;
      const input: Record<string, unknown> = {};
      // A native property hides its attribute's value once the page has loaded (`nonce`).
      for (const name of names) {
        input[name] =
          fields[name]!.kind === 'native' ? record[name] || element.getAttribute(kebab(name)) : record[name];
      }
      return input as OptionsInput<T>;
    },
    parse: (input, keys) => parse(input, keys) as OptionsOf<T>,
  };
  return table;
}
