const sheets = new Map<string, CSSStyleSheet>();
const nonces = new WeakMap<ShadowRoot, string>();

/**
 * Applies `css` to a shadow root without needing `'unsafe-inline'`: a constructable stylesheet
 * (shared by every instance with the same CSS) where supported, otherwise a `<style>` element
 * carrying `nonce` so a strict `style-src 'nonce-…'` policy admits it. The first nonce given for
 * a root is remembered, so styles added later (by lazily loaded parts) can omit it.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce?: string): void {
  if (nonce && !nonces.has(root)) nonces.set(root, nonce);
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const styles = [...root.children].filter((child) => child.localName === 'style');
  if (styles.some((style) => style.textContent === css)) return;
  const style = root.ownerDocument.createElement('style');
  const known = nonces.get(root);
  if (known) style.setAttribute('nonce', known);
  style.textContent = css;
  // After earlier fallback sheets, so the cascade order matches the adopted one.
  const previous = styles.pop();
  if (previous) previous.after(style);
  else root.prepend(style);
}

/**
 * A stylesheet of `root`'s own whose text changes (a measured size), where {@link adoptStyles}
 * shares one sheet per text: constructable where supported, otherwise a `<style>` carrying the
 * root's nonce. Returns the function that sets its text.
 */
export function ownStyles(root: ShadowRoot, nonce?: string): (css: string) => void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return (css) => sheet.replaceSync(css);
  }
  const style = root.ownerDocument.createElement('style');
  const known = nonce ?? nonces.get(root);
  if (known) style.setAttribute('nonce', known);
  return (css) => {
    style.textContent = css;
    if (!style.isConnected) root.append(style);
  };
}
