import { FEEDBACK_OUTBOX_KEY, FEEDBACK_OUTBOX_PENDING_KEY } from '@hearken/core/storage-keys';
import { adoptStyles, lazyModule, readText, resolveStorage, whenIdle } from '@hearken/ui/dom';
import { emitFeedback, FORM_LOAD_ERROR } from '../events.ts';
import { LAUNCHER_CSS } from '../launcher-css.ts';
import { LAUNCHER_LABEL } from '../launcher-label.ts';
import { FEEDBACK_OPTIONS, type FeedbackOptions, type OpenOptions, type ResolvedFeedbackOptions } from '../options.ts';

/** Controls one mounted widget. */
export interface FeedbackHandle {
  /** Changes the options it names (`undefined` restores a default); the widget updates in place. */
  update(options: Partial<FeedbackOptions>): void;
  /** Opens the dialog (or focuses the inline form), optionally about a project or issue, with text. */
  open(options?: OpenOptions): Promise<void>;
  /** Closes the dialog; focus returns where it was. */
  close(): void;
  /** Removes the widget; the draft and any queued submission stay stored. */
  destroy(): void;
}

/**
 * The view (Preact, the API client, the launcher's badge and colours), loaded once per page on
 * first need; it loads the form part itself. A failed load (offline) is retried next time.
 */
const loadView = lazyModule(() => import('../view/mount-view.tsx'));

/** The focused element, looking inside shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/** Whether a submission of this proxy waits: in the given storage, in IndexedDB (noted in `localStorage`), or from before IndexedDB. */
function hasQueued({ proxy, storage: option }: Pick<ResolvedFeedbackOptions, 'proxy' | 'storage'>): boolean {
  const storage = resolveStorage(option);
  // A host's own storage never holds the IndexedDB note, so reading it there finds nothing.
  return [FEEDBACK_OUTBOX_PENDING_KEY, FEEDBACK_OUTBOX_KEY].some((key) => readText(storage, key)?.includes(proxy));
}

/**
 * Mounts the feedback widget into `host`'s shadow root. This is the eager part: in launcher
 * mode it paints the launcher button and nothing more. The view (Preact, the API client, the
 * launcher's badge and colours) loads when the browser is idle; the form part (the model's
 * sending, the form, the dialog) on the launcher's intent (pointer over it, focus, touch), so the
 * dialog opens at once, or at the latest on the first press; both at once in inline mode or when
 * an earlier submission still waits to be sent.
 */
export function mountFeedback(host: HTMLElement, options: FeedbackOptions): FeedbackHandle {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  adoptStyles(root, LAUNCHER_CSS, options.nonce);
  // The options, parsed, as a plain object: the view makes its signals from them when it loads and
  // is handed each change from then on, so `@preact/signals-core` loads with the view, not before
  // the launcher.
  let current = FEEDBACK_OPTIONS.parse(options);
  let launcher: HTMLButtonElement | null = null;
  let view: import('../view/mount-view.tsx').FeedbackView | null = null;
  let destroyed = false;
  // In inline mode, the room the form will take until it is in (INLINE_HEIGHT in launcher-css.ts),
  // so the page below does not move when it arrives.
  const hold = document.createElement('i');
  hold.className = 'hk-hold';

  async function start(): Promise<void> {
    if (view || destroyed) return;
    try {
      const module = await loadView();
      if (!view && !destroyed) {
        view = module.mountView({ host, options: current, launcher });
        hold.remove();
      }
    } catch {
      formError();
    }
  }
  const warm = () => void start();
  const formError = () => emitFeedback(host, 'hearken:error', FORM_LOAD_ERROR);
  // About to be used: fetch the form now, so a press opens it at once.
  const intent = () => void start().then(() => view?.prepare());

  function createLauncher(): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'hk-launcher';
    button.setAttribute('part', 'launcher');
    button.setAttribute('aria-haspopup', 'dialog');
    button.setAttribute('aria-expanded', 'false');
    // Safari does not focus a clicked button, so name the launcher as the trigger outright.
    button.addEventListener('click', () => void show({}, button));
    button.addEventListener('pointerenter', intent);
    button.addEventListener('focus', intent);
    button.addEventListener('touchstart', intent, { passive: true });
    root.append(button);
    return button;
  }

  /** Draws what the options ask for: the launcher in launcher mode (where they place it), the form's room in inline mode. */
  function draw(): void {
    if (current.mode === 'inline') {
      launcher?.remove();
      launcher = null;
      if (!view) root.append(hold);
      void start();
      return;
    }
    hold.remove();
    const fresh = !launcher;
    launcher ??= createLauncher();
    // The label until the view is in, which writes it in the page's language with the unread count.
    if (fresh || !view) launcher.textContent = current.strings?.launcher ?? LAUNCHER_LABEL;
    launcher.dataset.position = current.position;
  }
  draw();

  async function show(request: OpenOptions, trigger: HTMLElement | null): Promise<void> {
    if (destroyed) return;
    // Pressed before the form is in: the launcher says it is on its way until the dialog opens.
    const pressed = launcher;
    pressed?.setAttribute('aria-busy', 'true');
    try {
      await start();
      await view?.open(request, trigger).catch(formError);
    } finally {
      pressed?.removeAttribute('aria-busy');
    }
  }

  // A submission from an earlier visit waits: load the form, which sends it, now.
  if (hasQueued(current)) intent();
  const cancelIdle = whenIdle(warm, 4_000, 2_000);

  return {
    update(patch) {
      const changes = FEEDBACK_OPTIONS.parse(patch, Object.keys(patch));
      current = { ...current, ...changes };
      if (destroyed) return;
      draw();
      view?.update(changes, launcher);
    },
    open(request = {}) {
      const active = deepActiveElement();
      return show(request, active === host && launcher ? launcher : active);
    },
    close: () => view?.close(),
    destroy() {
      destroyed = true;
      cancelIdle();
      view?.destroy();
      hold.remove();
      launcher?.remove();
    },
  };
}
