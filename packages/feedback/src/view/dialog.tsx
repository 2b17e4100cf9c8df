import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { FocusTarget } from '../model/feedback-model.ts';

export interface DialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Focus returns here when the dialog closes. */
  returnFocus: FocusTarget | null;
  children: ComponentChildren;
}

/**
 * A native `<dialog>` shown with `showModal()`: the browser puts it in the top layer, makes the
 * page inert (Tab cannot leave the dialog) and turns Escape into a `cancel` event. Focus moves to
 * the message, a click on the backdrop closes, page scroll is locked while open, and focus goes
 * back to the trigger.
 */
export function Dialog({ title, closeLabel, onClose, returnFocus, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Where the press began: a drag that selects text in a field and ends on the backdrop is not a
  // backdrop click, though the browser dispatches its click to the dialog element too.
  const pressed = useRef<EventTarget | null>(null);
  const focusBack = useRef(returnFocus);
  focusBack.current = returnFocus;

  useLayoutEffect(() => {
    const element = dialog.current!;
    element.showModal();
    // The browser focuses the first control (the close button); the message is where to start.
    element.querySelector('textarea')?.focus();
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      html.style.overflow = overflow;
      // Preact runs this before it removes the dialog: close it first so the page is no longer
      // inert and can take focus back.
      element.close();
      if (focusBack.current?.isConnected) focusBack.current.focus();
    };
  }, []);

  const titleId = 'hk-dialog-title';
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; keyboards close with Escape (cancel).
    <dialog
      ref={dialog}
      class="hk-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={onClose}
      // The backdrop is part of the dialog element, and its content covers all of its box.
      onPointerDown={(event) => {
        pressed.current = event.target;
      }}
      onClick={(event) => event.target === event.currentTarget && pressed.current === event.target && onClose()}
    >
      <div class="hk-dialog-header">
        <h2 id={titleId} class="hk-dialog-title">
          {title}
        </h2>
        <button type="button" class="hk-close" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
