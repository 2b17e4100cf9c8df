/**
 * The command API behind `window.Hearken(command, ...args)`. Commands run strictly in call order;
 * those that need an element's code wait for it, and later calls wait behind them. An unknown
 * command warns and is skipped without stopping the ones after it.
 */
import type { FeedbackAttributeName } from '@hearken/feedback';
import type { LazyElements } from './lazy-elements.ts';

/** Settings `init` stores and applies to the elements the commands create. */
export interface HearkenSettings {
  /** Workspace id. */
  workspace?: string;
  /** Base URL of the service (or of a proxy serving the public reads). */
  apiBase?: string;
  /** URL of the key proxy that accepts feedback and upvotes. */
  proxy?: string;
  theme?: 'auto' | 'light' | 'dark';
  language?: string;
  /** Short-lived signed token naming the signed-in user (see the proxy's identity option). */
  identityToken?: string;
}

/** What `feedback:open` may preset in the form. */
export interface FeedbackOpenOptions {
  projectId?: string;
  issueId?: string;
  /** How the form names the project or issue, e.g. `ENG-12 Export to CSV` (else "this issue"). */
  contextTitle?: string;
  text?: string;
}

/** Where and how `roadmap:mount` shows a roadmap. */
export interface RoadmapMountOptions extends HearkenSettings {
  /** The container: an element or a CSS selector. */
  target: string | Element;
  /** `roadmap` (default), `issues` or `changelog`: the roadmap's views (settings.test.ts holds them to its option table). */
  view?: 'roadmap' | 'issues' | 'changelog';
}

/** Every command with the arguments it takes. */
export interface HearkenCommands {
  init: [settings: HearkenSettings];
  'feedback:open': [options?: FeedbackOpenOptions];
  'feedback:close': [];
  'roadmap:mount': [options: RoadmapMountOptions];
  on: [type: `hearken:${string}`, listener: (event: Event) => void];
  off: [type: `hearken:${string}`, listener: (event: Event) => void];
}

export type HearkenCommand = keyof HearkenCommands;

/** The loaded `window.Hearken`. */
export interface HearkenApi {
  <K extends HearkenCommand>(command: K, ...args: HearkenCommands[K]): Promise<void>;
  /** Marks the real API, so a second copy of the module leaves it alone. */
  readonly loaded: true;
}

interface FeedbackElementApi extends HTMLElement {
  open(options?: FeedbackOpenOptions): void;
  close(): void;
}

// Each setting's attribute as the feedback element's option table names it (the compiler holds
// them to it; nothing of the table is bundled here).
const attributeNames: { [K in keyof HearkenSettings]-?: FeedbackAttributeName<K> } = {
  workspace: 'workspace',
  apiBase: 'api-base',
  proxy: 'proxy',
  theme: 'theme',
  language: 'language',
  identityToken: 'identity-token',
};

function applySettings(element: Element, settings: HearkenSettings) {
  for (const [key, name] of Object.entries(attributeNames) as [keyof HearkenSettings, string][]) {
    const value = settings[key];
    if (value !== undefined && !element.hasAttribute(name)) element.setAttribute(name, value);
  }
}

export function createHearken(elements: LazyElements, doc: Document = document): HearkenApi {
  let settings: HearkenSettings = {};
  let queue: Promise<void> = Promise.resolve();

  async function feedbackElement(): Promise<FeedbackElementApi> {
    let element = doc.querySelector('hearken-feedback');
    if (!element) {
      element = doc.createElement('hearken-feedback');
      element.setAttribute('mode', 'launcher');
      applySettings(element, settings);
      doc.body.append(element);
    }
    await elements.ensure('hearken-feedback');
    return element as FeedbackElementApi;
  }

  const handlers: { [K in HearkenCommand]: (...args: HearkenCommands[K]) => void | Promise<void> } = {
    init(next) {
      settings = { ...settings, ...next };
    },
    async 'feedback:open'(options) {
      (await feedbackElement()).open(options);
    },
    async 'feedback:close'() {
      const element = doc.querySelector('hearken-feedback');
      if (!element) return;
      await elements.ensure('hearken-feedback');
      (element as FeedbackElementApi).close();
    },
    async 'roadmap:mount'({ target, view, ...rest }) {
      const container = typeof target === 'string' ? doc.querySelector(target) : target;
      if (!container) throw new Error(`Hearken: roadmap:mount found no element for ${String(target)}.`);
      const element = doc.createElement('hearken-roadmap');
      if (view) element.setAttribute('view', view);
      applySettings(element, { ...settings, ...rest });
      container.append(element);
      await elements.ensure('hearken-roadmap');
    },
    on(type, listener) {
      doc.addEventListener(type, listener);
    },
    off(type, listener) {
      doc.removeEventListener(type, listener);
    },
  };

  function run(command: unknown, args: unknown[]): Promise<void> {
    const handler =
      typeof command === 'string' && Object.hasOwn(handlers, command) ? handlers[command as HearkenCommand] : undefined;
    if (!handler) {
      console.warn(`Hearken: unknown command ${JSON.stringify(command)} skipped.`);
      return Promise.resolve();
    }
    return (handler as (...a: unknown[]) => void | Promise<void>)(...args) ?? Promise.resolve();
  }

  const api = ((command: unknown, ...args: unknown[]) => {
    const result = queue.then(() => run(command, args));
    // A failed command is reported to its caller; the ones after it still run.
    queue = result.catch((error: unknown) => console.error(error));
    return result;
  }) as HearkenApi;
  Object.defineProperty(api, 'loaded', { value: true });
  return api;
}
