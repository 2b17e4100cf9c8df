/** One call to the service: its reply with the body read, or why there is none. */
export type Fetched = { ok: true; response: Response; text: string } | { ok: false; timedOut: boolean };

/**
 * Fetches from the service with a deadline that covers reading the body too. A controller and a
 * cleared timer, not AbortSignal.timeout(): on Node that signal costs about ten times more to
 * make and is left for the garbage collector to track on every call.
 */
export async function fetchText(
  fetch: typeof globalThis.fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Fetched> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal, redirect: 'manual' });
    return { ok: true, response, text: await response.text() };
  } catch {
    return { ok: false, timedOut };
  } finally {
    clearTimeout(timer);
  }
}
