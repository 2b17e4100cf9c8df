import { useLayoutEffect } from 'preact/hooks';

const sheets = new Map<string, CSSStyleSheet>();
const nonces = new WeakMap<ShadowRoot, string>();

function constructable(): boolean {
  return (
    typeof ShadowRoot !== 'undefined' &&
    'adoptedStyleSheets' in ShadowRoot.prototype &&
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype
  );
}

/**
 * Applies `css` to a shadow root without needing `'unsafe-inline'`: a constructable stylesheet
 * (shared by every instance with the same CSS) where supported, otherwise a `<style>` element
 * carrying `nonce` so a strict `style-src 'nonce-…'` policy admits it. The first nonce given for
 * a root is remembered, so styles added later (by lazily loaded parts) can omit it.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce?: string): void {
  if (nonce && !nonces.has(root)) nonces.set(root, nonce);
  if (constructable()) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  if (root.querySelector(`style[data-hk-css="${hash(css)}"]`)) return;
  const style = root.ownerDocument.createElement('style');
  style.dataset.hkCss = hash(css);
  const known = nonces.get(root);
  if (known) style.setAttribute('nonce', known);
  style.textContent = css;
  // After earlier fallback sheets, so the cascade order matches the adopted one.
  const previous = [...root.children].filter((child) => child.localName === 'style').pop();
  if (previous) previous.after(style);
  else root.prepend(style);
}

// A short fingerprint so the same CSS is not inserted twice into one root.
function hash(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/**
 * Hook for parts of a widget that bring their own CSS (for example a lazily loaded view): adopts
 * `css` into the shadow root that contains `ref`'s element, once.
 */
export function useAdoptedStyles(ref: { readonly current: Element | null }, css: string): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (root instanceof ShadowRoot) adoptStyles(root, css);
  }, [css]);
}

/**
 * Styles every widget starts from: the host resets inherited properties so page CSS cannot
 * reach in, and the public `--hearken-*` custom properties (which do inherit through the
 * shadow boundary) override the workspace palette.
 */
export const BASE_CSS = `
:host{all:initial;display:block}
:host([hidden]){display:none}
.hk-root{
--hk-background:var(--hearken-background,var(--hk-ws-background));
--hk-text:var(--hearken-text,var(--hk-ws-text));
--hk-accent:var(--hearken-accent,var(--hk-ws-accent));
--hk-accent-text:var(--hearken-accent-text,var(--hk-ws-accent-text));
--hk-button-text:var(--hearken-button-text,var(--hk-ws-button-text));
--hk-surface:var(--hearken-surface,var(--hk-ws-surface));
--hk-border:var(--hearken-border,var(--hk-ws-border));
--hk-muted:var(--hearken-muted,var(--hk-ws-muted));
--hk-radius:var(--hearken-radius,10px);
--hk-focus:var(--hearken-focus-ring,var(--hk-accent-text));
box-sizing:border-box;min-height:100%;
font-family:var(--hearken-font-family,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif);
font-size:var(--hearken-font-size,15px);line-height:1.5;
background:var(--hk-background);color:var(--hk-text);
-webkit-font-smoothing:antialiased;text-align:start;
font-style:normal;font-weight:400;font-variant:normal;letter-spacing:normal;word-spacing:normal;text-transform:none;text-indent:0;text-shadow:none;white-space:normal;
}
.hk-root[data-scheme=dark]{color-scheme:dark}
.hk-root[data-scheme=light]{color-scheme:light}
.hk-root *,.hk-root *::before,.hk-root *::after{box-sizing:border-box}
.hk-root :focus-visible{outline:2px solid var(--hk-focus);outline-offset:2px}
.hk-root a{color:var(--hk-accent-text)}
.hk-root button,.hk-root input,.hk-root textarea,.hk-root select{font:inherit;color:inherit}
.hk-sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (prefers-reduced-motion:reduce){.hk-root *{animation:none!important;transition:none!important}}
`;
