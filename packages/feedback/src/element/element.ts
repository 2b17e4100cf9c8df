import { type HearkenElementClass, reflectAttributes, upgradeProperties, whenRemoved } from '@hearken/ui/dom';
import type { FeedbackEventMap } from '../events.ts';
import {
  type FeedbackOptions,
  type HostContext,
  type OpenOptions,
  parseMode,
  parsePosition,
  parseScreenshots,
} from '../options.ts';
import { type FeedbackHandle, mountFeedback } from './mount.ts';

// Lets the module load where HTMLElement is missing (SSR, Node); defining still needs a DOM.
const ElementBase = (
  typeof HTMLElement === 'undefined' ? class {} : HTMLElement
) as HearkenElementClass<FeedbackEventMap>;

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
  contextTitle: 'context-title',
  identityToken: 'identity-token',
  position: 'position',
  suggest: 'suggest',
  announce: 'announce',
  changelogUrl: 'changelog-url',
  contextUrl: 'context-url',
  screenshots: 'screenshots',
} as const;

const PROPERTIES = Object.keys(ATTRIBUTES) as (keyof typeof ATTRIBUTES)[];

/**
 * `<hearken-feedback proxy="https://…" mode="launcher|inline" workspace theme language
 * project-id issue-id context-title identity-token position api-base suggest="on|off" announce
 * changelog-url screenshots="on|off" context-url>`: the feedback widget as a custom element.
 * Attributes and properties stay in sync; changes apply without a reload.
 */
export class HearkenFeedbackElement extends ElementBase {
  // `context` is an attribute for `off` only; the property also takes the host's entries.
  static readonly observedAttributes: string[] = [...Object.values(ATTRIBUTES), 'context'];
  declare proxy: string | null;
  declare mode: string | null;
  declare workspace: string | null;
  declare apiBase: string | null;
  declare theme: string | null;
  declare language: string | null;
  declare projectId: string | null;
  declare issueId: string | null;
  declare contextTitle: string | null;
  declare identityToken: string | null;
  declare position: string | null;
  declare suggest: string | null;
  declare announce: string | null;
  declare changelogUrl: string | null;
  declare contextUrl: string | null;
  declare screenshots: string | null;
  #handle: FeedbackHandle | undefined;
  #strings: FeedbackOptions['strings'];
  #context: HostContext | undefined;

  /**
   * What the host adds to the page context (string values), or `off` for none; the `context`
   * attribute says `off` too.
   */
  get context(): HostContext | undefined {
    return this.#context ?? (this.getAttribute('context') === 'off' ? 'off' : undefined);
  }
  set context(value: HostContext | undefined) {
    this.#context = value;
    this.#handle?.update({ context: this.context });
  }

  /** String overrides (property only). */
  get strings(): FeedbackOptions['strings'] {
    return this.#strings;
  }
  set strings(value: FeedbackOptions['strings']) {
    this.#strings = value;
    this.#handle?.update({ strings: value });
  }

  #options(): FeedbackOptions {
    // Missing or empty attributes are undefined, so the options' defaults apply; the view reads
    // `suggest` and `announce` as they are (anything unknown is the default).
    const options: Record<string, unknown> = {};
    for (const property of PROPERTIES) options[property] = this[property] || undefined;
    return {
      ...options,
      proxy: this.proxy ?? '',
      mode: parseMode(this.mode),
      position: parsePosition(this.position),
      screenshots: parseScreenshots(this.getAttribute('screenshots')),
      context: this.context,
      // The native `nonce` property: browsers hide the attribute's value once the page has loaded.
      nonce: this.nonce || this.getAttribute('nonce') || undefined,
      strings: this.#strings,
    } as FeedbackOptions;
  }

  connectedCallback(): void {
    upgradeProperties(this, [...PROPERTIES, 'context']);
    if (this.#handle) this.#handle.update(this.#options());
    else this.#handle = mountFeedback(this, this.#options());
  }

  disconnectedCallback(): void {
    whenRemoved(this, () => {
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

reflectAttributes(HearkenFeedbackElement.prototype, ATTRIBUTES);
