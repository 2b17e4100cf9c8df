import { ALLOWED_ATTRIBUTES, ALLOWED_ELEMENTS, enforceAllowlist } from './allowlist.ts';
import { mayHoldInlineAttribute } from './inline-attributes.ts';

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

async function withoutInlineAttributes(html: string): Promise<string> {
  if (!mayHoldInlineAttribute(html)) return html;
  // Loaded only for such text: most changelogs never need it.
  const { withOnlyAllowedAttributes } = await import('./only-allowed-attributes.ts');
  return withOnlyAllowedAttributes(html);
}

/**
 * Parses untrusted HTML into `target` (replacing its children): the browser's native
 * `Element.setHTML` where it exists, otherwise DOMPurify loaded on demand. Either way the
 * shared allowlist then runs over the result, so both paths produce the same subset. Inline
 * handlers and styles are written out of the text first, so parsing it reports nothing to the
 * page's Content-Security-Policy.
 */
export async function sanitizeHtmlInto(target: Element, untrusted: string): Promise<void> {
  const html = await withoutInlineAttributes(untrusted);
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
