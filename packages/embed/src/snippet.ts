/**
 * The classic snippet: a short script a site pastes (or includes as a file) so it can call
 * `Hearken(...)` before the module has loaded. The installer below is the typed source; its text is
 * turned into the pasted snippet at build time, so it must stay self-contained (no imports, no
 * references to anything outside its own body).
 */

/** The stub `window.Hearken` holds until the module arrives: calls are queued in `q`. */
export interface HearkenQueueStub {
  (...args: unknown[]): void;
  /** Queued calls, oldest first. The module replaces this with a forwarder once it has replayed them. */
  q: { push(args: ArrayLike<unknown>): unknown };
}

/**
 * Defines `window.Hearken` as a queue and adds the module script. Calling it again, or after the
 * module is already there, changes nothing. The module URL is `src`, else the current script's
 * `data-hearken-src`, else `hearken.js` next to the current script (for the file form). The added
 * script carries the current script's CSP nonce.
 */
export function installQueue(w: Window, d: Document, src?: string): void {
  if ((w as { Hearken?: unknown }).Hearken) return;
  const current = d.currentScript as HTMLScriptElement | null;
  const stub = function (this: unknown) {
    // biome-ignore lint/complexity/noArguments: the shortest form keeps the snippet small
    stub.q.push(arguments);
  } as unknown as HearkenQueueStub;
  stub.q = [];
  (w as { Hearken?: unknown }).Hearken = stub;
  const script = d.createElement('script');
  script.type = 'module';
  script.src =
    src || (current && (current.dataset.hearkenSrc || new URL('hearken.js', current.src).href)) || 'hearken.js';
  if (current?.nonce) script.nonce = current.nonce;
  d.head.appendChild(script);
}

/** Options for {@link snippet}. */
export interface SnippetOptions {
  /** Absolute or site-relative URL of `hearken.js`. */
  src: string;
  /** CSP nonce for the inline `<script>`; the module script it adds inherits it. */
  nonce?: string;
}

/** The snippet's JavaScript: the installer applied to `window`, `document` and the module URL. */
export function snippetScript(src?: string): string {
  const args = src === undefined ? 'window,document' : `window,document,${JSON.stringify(src)}`;
  return `(${installQueue.toString()})(${args});`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The snippet as HTML, ready to paste into a page's `<head>`. */
export function snippet({ src, nonce }: SnippetOptions): string {
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${escapeAttribute(nonce)}"`;
  // `</script` inside the JSON-encoded URL would end the element early.
  const body = snippetScript(src).replace(/<\/(script)/gi, '<\\/$1');
  return `<script${nonceAttribute}>${body}</script>`;
}
