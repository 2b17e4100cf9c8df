import { Component, type ComponentChildren, createRef } from 'preact';

export interface DialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Focus returns here when the dialog closes. */
  returnFocus: HTMLElement | null;
  children: ComponentChildren;
}

/**
 * A native `<dialog>` shown with `showModal()`: the browser puts it in the top layer, makes the
 * page inert (Tab cannot leave the dialog) and turns Escape into a `cancel` event. Focus moves to
 * the message, a click on the backdrop closes, page scroll is locked while open, and focus goes
 * back to the trigger.
 */
export class Dialog extends Component<DialogProps> {
  #dialog = createRef<HTMLDialogElement>();
  // Where the press began: a drag that selects text in a field and ends on the backdrop is not a
  // backdrop click, though the browser dispatches its click to the dialog element too.
  #pressed: EventTarget | null = null;
  #previousOverflow = '';

  override componentDidMount(): void {
    const element = this.#dialog.current!;
    element.showModal();
    // The browser focuses the first control (the close button); the message is where to start.
    element.querySelector('textarea')?.focus();
    const html = document.documentElement;
    this.#previousOverflow = html.style.overflow;
    html.style.overflow = 'hidden';
  }

  override componentWillUnmount(): void {
    document.documentElement.style.overflow = this.#previousOverflow;
    // Preact calls this before it removes the dialog: close it first so the page is no longer
    // inert and can take focus back.
    this.#dialog.current?.close();
    const { returnFocus } = this.props;
    if (returnFocus?.isConnected) returnFocus.focus();
  }

  override render({ title, closeLabel, onClose, children }: DialogProps) {
    const titleId = 'hk-dialog-title';
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; keyboards close with Escape (cancel).
      <dialog
        ref={this.#dialog}
        class="hk-dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onCancel={onClose}
        // The backdrop is part of the dialog element, and its content covers all of its box.
        onPointerDown={(event) => {
          this.#pressed = event.target;
        }}
        onClick={(event) => event.target === event.currentTarget && this.#pressed === event.target && onClose()}
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
}
