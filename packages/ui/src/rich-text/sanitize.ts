import { ALLOWED_ATTRIBUTES, ALLOWED_ELEMENTS, enforceAllowlist } from './allowlist.ts';

interface SetHtmlElement extends Element {
  setHTML(html: string, options?: { sanitizer?: unknown }): void;
}

function hasNativeSetHtml(element: Element): element is SetHtmlElement {
  return typeof (element as Partial<SetHtmlElement>).setHTML === 'function';
}

const SANITIZER_CONFIG = {
  elements: ALLOWED_ELEMENTS,
  attributes: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
};

async function purify(html: string, target: Element): Promise<void> {
  // Loaded only in browsers without Element.setHTML, so most readers never download it.
  const { default: DOMPurify } = await import('dompurify');
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_ELEMENTS],
    ALLOWED_ATTR: SANITIZER_CONFIG.attributes,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  target.replaceChildren(fragment);
}

/**
 * Parses untrusted HTML into `target` (replacing its children): the browser's native
 * `Element.setHTML` where it exists, otherwise DOMPurify loaded on demand. Either way the
 * shared allowlist then runs over the result, so both paths produce the same subset.
 */
export async function sanitizeHtmlInto(target: Element, html: string): Promise<void> {
  if (hasNativeSetHtml(target)) {
    try {
      target.setHTML(html, { sanitizer: SANITIZER_CONFIG });
    } catch {
      // An engine with an older Sanitizer dialect rejects the config; its default is still safe.
      target.setHTML(html);
    }
  } else {
    await purify(html, target);
  }
  enforceAllowlist(target);
}
