/** Event names Hearken widgets dispatch are namespaced `hearken:*`. */
export type HearkenEventType = `hearken:${string}`;

/** Detail of every `hearken:error` event, whichever widget sends it. */
export interface HearkenErrorDetail {
  /** Machine-readable code: the API's error code, or `network_error`, `timeout`, `invalid_response`. */
  code: string;
  message: string;
  /** HTTP status, when the error came from a response. */
  status?: number;
  /** The service's request id, when known (quote it in support requests). */
  requestId?: string;
}

/**
 * Dispatches a `CustomEvent` that bubbles and crosses shadow boundaries (`composed`), so a
 * host page can listen on the element or any ancestor. Returns `false` if a listener called
 * `preventDefault()` on a cancelable event.
 */
export function emit<D>(
  target: EventTarget,
  type: HearkenEventType,
  detail: D,
  options: { cancelable?: boolean } = {},
): boolean {
  return target.dispatchEvent(
    new CustomEvent<D>(type, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }),
  );
}

/**
 * A typed `addEventListener` for a map of event names to detail types. Returns a function
 * that removes the listener.
 */
export function listen<M, K extends keyof M & string>(
  target: EventTarget,
  type: K,
  listener: (event: CustomEvent<M[K]>) => void,
  options?: AddEventListenerOptions,
): () => void {
  const handler = listener as EventListener;
  target.addEventListener(type, handler, options);
  return () => target.removeEventListener(type, handler, options);
}
