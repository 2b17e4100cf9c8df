import type { OptionFields, OptionProperties, OptionsInput, OptionTable } from './define-options.ts';
import type { HearkenEventTarget } from './typed-events.ts';
import { whenRemoved } from './when-removed.ts';

/** What a widget's element mounts on its first connection, and updates and destroys. */
export interface WidgetHandle<I> {
  /** Takes the options the element holds now. */
  update(options: I): void;
  destroy(): void;
}

// Lets the module load where HTMLElement is missing (SSR, Node); defining still needs a DOM.
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/**
 * The lifecycle both widgets' elements share: their options upgraded and read on connect, the
 * widget mounted once and told of each option change, and destroyed once it has left the
 * document (a moved element keeps its widget). A widget's element extends it typed as a
 * {@link WidgetElementClass}, passes its option table and its mount, sets `observedAttributes` to
 * the table's attributes and has the table `reflect` its prototype, calling {@link changed}.
 */
export abstract class WidgetElement<
  T extends OptionFields,
  H extends WidgetHandle<OptionsInput<T>>,
> extends ElementBase {
  readonly #table: OptionTable<T>;
  readonly #mount: WidgetMount<T, H>;
  #handle: H | undefined;

  constructor(table: OptionTable<T>, mount: WidgetMount<T, H>) {
    super();
    this.#table = table;
    this.#mount = mount;
  }

  /** The mounted widget, from the first connection until it is destroyed. */
  protected get handle(): H | undefined {
    return this.#handle;
  }

  /** An option changed, as an attribute or a property. */
  protected changed(): void {
    this.#handle?.update(this.#table.read(this));
  }

  connectedCallback(): void {
    this.#table.upgrade(this);
    this.#handle ??= this.#mount(this as unknown as HTMLElement & OptionProperties<T>, this.#table.read(this));
  }

  disconnectedCallback(): void {
    whenRemoved(this, () => {
      this.#handle?.destroy();
      this.#handle = undefined;
    });
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next) this.changed();
  }
}

/** Mounts a widget in its element, with the options the element holds. */
export type WidgetMount<T extends OptionFields, H> = (
  element: HTMLElement & OptionProperties<T>,
  options: OptionsInput<T>,
) => H;

/**
 * {@link WidgetElement} as a widget's element extends it: with the typed listeners of its events
 * `M` and a property per option of its table (defined on the prototype at run time by `reflect`).
 * The typed listeners come first: an intersection's overloads are tried in its order, and
 * `HTMLElement`'s `(type: string, listener)` would otherwise take every `hearken:*` name.
 */
export type WidgetElementClass<M, T extends OptionFields, H extends WidgetHandle<OptionsInput<T>>> = abstract new (
  table: OptionTable<T>,
  mount: WidgetMount<T, H>,
) => HearkenEventTarget<M> & WidgetElement<T, H> & OptionProperties<T>;
