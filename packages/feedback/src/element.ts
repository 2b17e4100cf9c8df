import type { ThemeMode } from '@hearken/ui';
import { type FeedbackHandle, mountFeedback } from './mount.ts';
import { type FeedbackOptions, type OpenOptions, parseMode, parsePosition } from './options.ts';
import type { FeedbackMessages } from './strings.ts';

// Lets the module load where HTMLElement is missing (SSR, Node); defining still needs a DOM.
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

/** Reflected properties and their attributes. */
const ATTRIBUTES = {
  proxy: 'proxy',
  mode: 'mode',
  workspace: 'workspace',
  apiBase: 'api-base',
  theme: 'theme',
  language: 'language',
  projectId: 'project-id',
  issueId: 'issue-id',
  identityToken: 'identity-token',
  position: 'position',
} as const;

/**
 * `<hearken-feedback proxy="https://…" mode="launcher|inline" workspace theme language
 * project-id issue-id identity-token position api-base>`: the feedback widget as a custom element.
 * Attributes and properties stay in sync; changes apply without a reload.
 */
export class HearkenFeedbackElement extends ElementBase {
  static readonly observedAttributes: string[] = Object.values(ATTRIBUTES);
  declare proxy: string | null;
  declare mode: string | null;
  declare workspace: string | null;
  declare apiBase: string | null;
  declare theme: string | null;
  declare language: string | null;
  declare projectId: string | null;
  declare issueId: string | null;
  declare identityToken: string | null;
  declare position: string | null;
  #handle: FeedbackHandle | undefined;
  #strings: Partial<FeedbackMessages> | undefined;

  /** String overrides (property only). */
  get strings(): Partial<FeedbackMessages> | undefined {
    return this.#strings;
  }
  set strings(value: Partial<FeedbackMessages> | undefined) {
    this.#strings = value;
    this.#handle?.update({ strings: value ?? {} });
  }

  #options(): FeedbackOptions {
    const optional = <K extends keyof FeedbackOptions>(key: K, value: FeedbackOptions[K] | null | undefined) =>
      value === null || value === undefined || value === '' ? {} : { [key]: value };
    return {
      proxy: this.proxy ?? '',
      mode: parseMode(this.mode),
      position: parsePosition(this.position),
      ...optional('workspace', this.workspace),
      ...optional('apiBase', this.apiBase),
      ...optional('theme', this.theme as ThemeMode | null),
      ...optional('language', this.language),
      ...optional('projectId', this.projectId),
      ...optional('issueId', this.issueId),
      ...optional('identityToken', this.identityToken),
      // The native `nonce` property: browsers hide the attribute's value once the page has loaded.
      ...optional('nonce', this.nonce || this.getAttribute('nonce')),
      ...optional('strings', this.#strings),
    };
  }

  connectedCallback(): void {
    // A property set before the element was upgraded shadows the accessor: move it through it.
    for (const property of Object.keys(ATTRIBUTES)) {
      if (Object.hasOwn(this, property)) {
        const value = (this as Record<string, unknown>)[property];
        delete (this as Record<string, unknown>)[property];
        (this as Record<string, unknown>)[property] = value;
      }
    }
    if (this.#handle) this.#handle.update(this.#options());
    else this.#handle = mountFeedback(this, this.#options());
  }

  disconnectedCallback(): void {
    // Moving the element disconnects and reconnects it in one task: keep it mounted then.
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#handle?.destroy();
      this.#handle = undefined;
    });
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next) this.#handle?.update(this.#options());
  }

  /** Opens the dialog (or focuses the inline form). */
  open(options?: OpenOptions): Promise<void> {
    return this.#handle?.open(options) ?? Promise.resolve();
  }

  close(): void {
    this.#handle?.close();
  }
}

// The same accessors as @hearken/ui's reflectAttributes, written out: importing the UI package
// here would put its whole module, and Preact with it, into the launcher's chunk.
for (const [property, attribute] of Object.entries(ATTRIBUTES)) {
  Object.defineProperty(HearkenFeedbackElement.prototype, property, {
    configurable: true,
    enumerable: true,
    get(this: HTMLElement) {
      return this.getAttribute(attribute);
    },
    set(this: HTMLElement, value: unknown) {
      if (value === null || value === undefined) this.removeAttribute(attribute);
      else this.setAttribute(attribute, String(value));
    },
  });
}

/** Registers the element (default `<hearken-feedback>`); defining a tag twice is a no-op. */
export function define(
  tagName = 'hearken-feedback',
  registry: CustomElementRegistry = customElements,
): CustomElementConstructor {
  const existing = registry.get(tagName);
  if (existing) return existing;
  // One class can back one tag only; other tags get their own subclass.
  const element = tagName === 'hearken-feedback' ? HearkenFeedbackElement : class extends HearkenFeedbackElement {};
  registry.define(tagName, element);
  return element;
}

declare global {
  interface HTMLElementTagNameMap {
    'hearken-feedback': HearkenFeedbackElement;
  }
}
