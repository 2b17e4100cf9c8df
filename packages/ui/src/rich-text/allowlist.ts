import { safeUrl } from '../url.ts';

/** Formatting elements rich text may contain; everything else is unwrapped or dropped. */
export const ALLOWED_ELEMENTS: readonly string[] = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
];

/** Attributes kept, per element. Links and images have their URLs checked as well. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
};

/** Attributes every allowed element may keep. */
export const GLOBAL_ATTRIBUTES: readonly string[] = ['dir', 'lang'];

/** Removed with their content instead of unwrapped: their text is code or chrome, not prose. */
export const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'input',
  'textarea',
  'select',
  'button',
  'option',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'map',
  'portal',
  'dialog',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
]);

const ALLOWED = new Set(ALLOWED_ELEMENTS);

function cleanElement(element: Element): void {
  const tag = element.localName;
  if (!ALLOWED.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
    if (DROPPED_ELEMENTS.has(tag)) element.remove();
    else element.replaceWith(...element.childNodes);
    return;
  }
  const keep = ALLOWED_ATTRIBUTES[tag] ?? [];
  for (const { name } of [...element.attributes]) {
    if (!keep.includes(name) && !GLOBAL_ATTRIBUTES.includes(name)) element.removeAttribute(name);
  }
  if (tag === 'a') {
    const href = safeUrl(element.getAttribute('href'), 'link');
    if (href) {
      element.setAttribute('href', href);
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    } else element.removeAttribute('href');
  } else if (tag === 'img') {
    const src = safeUrl(element.getAttribute('src'), 'image');
    if (!src) {
      element.remove();
      return;
    }
    element.setAttribute('src', src);
    element.setAttribute('alt', element.getAttribute('alt') ?? '');
    element.setAttribute('loading', 'lazy');
    element.setAttribute('referrerpolicy', 'no-referrer');
  }
}

/**
 * Enforces the allowlist on already-parsed content, whichever sanitizer produced it: unknown
 * elements are unwrapped (or dropped with their content when they are active content),
 * attributes outside the allowlist removed, unsafe link targets stripped, unsafe images removed.
 */
export function enforceAllowlist(root: ParentNode): void {
  for (const element of [...root.querySelectorAll('*')]) cleanElement(element);
}
