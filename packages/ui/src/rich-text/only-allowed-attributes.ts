import { Parser } from 'htmlparser2';
import { ALLOWED_ATTRIBUTES, GLOBAL_ATTRIBUTES } from './allowlist.ts';

// Elements the HTML parser closes itself: a written end tag would be read as another start tag.
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const TAG_NAME = /^[a-z][a-z0-9-]*$/;

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeValue = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * Writes `html` out again with only the allowlisted attributes, every value quoted and every text
 * escaped, so the browser's own parser (setHTML, DOMPurify) never meets an inline handler or a
 * style attribute. Chromium reports those to the page's CSP (script-src-attr, style-src-attr)
 * the moment it parses them, in any document of the page, inert or not, though they never run.
 * This is no sanitizer: the browser's sanitizer and the allowlist still judge the result.
 */
export function withOnlyAllowedAttributes(html: string): string {
  let out = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!TAG_NAME.test(name)) return;
        const allowed = ALLOWED_ATTRIBUTES[name] ?? [];
        let kept = '';
        for (const [attribute, value] of Object.entries(attributes)) {
          if (allowed.includes(attribute) || GLOBAL_ATTRIBUTES.includes(attribute)) {
            kept += ` ${attribute}="${escapeValue(value)}"`;
          }
        }
        out += `<${name}${kept}>`;
      },
      ontext(text) {
        out += escapeText(text);
      },
      onclosetag(name) {
        if (TAG_NAME.test(name) && !VOID.has(name)) out += `</${name}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return out;
}
