import { adoptStyles } from '@hearken/ui/dom';
import { emitFeedback } from './events.ts';
import { LAUNCHER_LABEL, OUTBOX_KEY } from './keys.ts';
import { LAUNCHER_CSS } from './launcher-css.ts';
import { type FeedbackOptions, type OpenOptions, parsePosition } from './options.ts';
import { createStore, type FeedbackState } from './store.ts';

/** Controls one mounted widget. */
export interface FeedbackHandle {
  /** Changes some options; the widget re-renders in place. */
  update(options: Partial<FeedbackOptions>): void;
  /** Opens the dialog (or focuses the inline form), optionally about a project or issue, with text. */
  open(options?: OpenOptions): Promise<void>;
  /** Closes the dialog; focus returns where it was. */
  close(): void;
  /** Removes the widget; the draft and any queued submission stay stored. */
  destroy(): void;
}

type FormModule = typeof import('./form/app.tsx');
let formModule: Promise<FormModule> | undefined;

/** The form code, loaded once per page on first need. A failed load (offline) is retried next time. */
function loadForm(): Promise<FormModule> {
  formModule ??= import('./form/app.tsx').catch((error: unknown) => {
    formModule = undefined;
    throw error;
  });
  return formModule;
}

function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: 4_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 2_000);
  return () => clearTimeout(id);
}

/** The focused element, looking inside shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

function hasQueued(options: FeedbackOptions): boolean {
  try {
    return Boolean((options.storage ?? localStorage).getItem(OUTBOX_KEY)?.includes(options.proxy));
  } catch {
    return false;
  }
}

/**
 * Mounts the feedback widget into `host`'s shadow root. In launcher mode only a small button is
 * drawn at first; the form code loads when the browser is idle, on first open, or at once when
 * an earlier submission still waits to be sent. Inline mode loads the form at once.
 */
export function mountFeedback(host: HTMLElement, options: FeedbackOptions): FeedbackHandle {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  adoptStyles(root, LAUNCHER_CSS, options.nonce);
  const store = createStore<FeedbackState>({ options, open: false, request: { id: 0 }, trigger: null, launcher: null });
  let form: { destroy(): void } | null = null;
  let destroyed = false;
  let cancelIdle = () => {};

  async function start(): Promise<void> {
    if (form || destroyed) return;
    try {
      const module = await loadForm();
      if (!form && !destroyed) form = module.mountForm(host, store, () => handle.close());
    } catch {
      emitFeedback(host, 'hearken:error', { code: 'network_error', message: 'The feedback form could not be loaded' });
    }
  }

  function syncLauncher(): void {
    const { mode, position, strings } = store.get().options;
    let launcher = store.get().launcher;
    if (mode === 'inline') {
      launcher?.remove();
      if (launcher) store.set({ launcher: null, open: false });
      return;
    }
    if (!launcher) {
      launcher = document.createElement('button');
      launcher.type = 'button';
      launcher.className = 'hk-launcher';
      launcher.setAttribute('part', 'launcher');
      launcher.setAttribute('aria-haspopup', 'dialog');
      launcher.setAttribute('aria-expanded', 'false');
      launcher.textContent = strings?.launcher ?? LAUNCHER_LABEL;
      // Safari does not focus a clicked button, so name the launcher as the trigger outright.
      launcher.addEventListener('click', () => void show({}, store.get().launcher));
      root.append(launcher);
      store.set({ launcher });
    }
    launcher.dataset.position = parsePosition(position);
  }

  async function show(request: OpenOptions, trigger: HTMLElement | null): Promise<void> {
    if (destroyed) return;
    const previous = store.get().request;
    store.set({
      open: store.get().options.mode !== 'inline',
      request: { ...request, id: previous.id + 1 },
      trigger,
    });
    emitFeedback(host, 'hearken:open', {
      ...(request.projectId ? { projectId: request.projectId } : {}),
      ...(request.issueId ? { issueId: request.issueId } : {}),
    });
    await start();
  }

  const handle: FeedbackHandle = {
    update(patch) {
      store.set({ options: { ...store.get().options, ...patch } });
      syncLauncher();
      if (store.get().options.mode === 'inline') void start();
    },
    open(request = {}) {
      const active = deepActiveElement();
      const { launcher } = store.get();
      return show(request, active === host && launcher ? launcher : active);
    },
    close() {
      if (!store.get().open) return;
      store.set({ open: false });
      emitFeedback(host, 'hearken:close', {});
    },
    destroy() {
      destroyed = true;
      cancelIdle();
      form?.destroy();
      store.get().launcher?.remove();
    },
  };

  syncLauncher();
  if (options.mode === 'inline' || hasQueued(options)) void start();
  else cancelIdle = whenIdle(() => void start());
  return handle;
}
