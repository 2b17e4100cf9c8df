import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

export interface DialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Focus returns here when the dialog closes. */
  returnFocus: HTMLElement | null;
  children: ComponentChildren;
}

/** What Tab can reach in `container`: enabled controls, links and tab stops, none hidden from assistive tech. */
function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('a[href],button,input,textarea,select,[tabindex]')].filter(
    (element) =>
      element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled && !element.closest('[aria-hidden=true]'),
  );
}

/** The element focused inside `container`'s shadow root (or document). */
function activeIn(container: HTMLElement): Element | null {
  const root = container.getRootNode() as Document | ShadowRoot;
  return root.activeElement;
}

/**
 * A modal dialog: focus moves to its first field and stays inside (Tab wraps), Escape and the
 * backdrop close it, page scroll is locked while open, and focus goes back to the trigger.
 */
export function Dialog({ title, closeLabel, onClose, returnFocus, children }: DialogProps) {
  const backdrop = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = 'hk-dialog-title';

  useLayoutEffect(() => {
    const element = dialog.current!;
    (element.querySelector<HTMLElement>('textarea,input:not([tabindex="-1"])') ?? focusables(element)[0])?.focus();
    const html = document.documentElement;
    const previousOverflow = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      html.style.overflow = previousOverflow;
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, []);

  // Layout effect: the keys must work from the first frame the dialog is shown.
  useLayoutEffect(() => {
    const element = dialog.current!;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(element);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = activeIn(element);
      if (event.shiftKey && (active === first || !element.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !element.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // A click on the backdrop (outside the dialog) closes; keyboard users have Escape.
    const outside = backdrop.current!;
    const onClick = (event: MouseEvent) => {
      if (event.target === outside) onClose();
    };
    element.addEventListener('keydown', onKey);
    outside.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('keydown', onKey);
      outside.removeEventListener('click', onClick);
    };
  }, [onClose]);

  return (
    <div ref={backdrop} class="hk-backdrop">
      <div ref={dialog} class="hk-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div class="hk-dialog-header">
          <h2 id={titleId} class="hk-dialog-title">
            {title}
          </h2>
          <button type="button" class="hk-close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
