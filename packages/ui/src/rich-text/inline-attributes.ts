/** The conservative test: "on" or "style" after anything that may end a tag name or an attribute. */
const ANYWHERE = /[\s/"'](?:on|style)/i;

const SPACE = '[\\t\\n\\f\\r ]';
const NAME = '[a-zA-Z_:][-a-zA-Z0-9_:.]*';
const VALUE = `${SPACE}*=${SPACE}*(?:"[^"]*"|'[^']*'|[^\\t\\n\\f\\r "'=<>\`]+)`;
/** A start or end tag whose every attribute follows whitespace, its value quoted or plain. */
const PLAIN_TAG = new RegExp(`<\\/?([a-zA-Z][a-zA-Z0-9-]*)((?:${SPACE}+${NAME}(?:${VALUE})?)*)${SPACE}*\\/?>`, 'y');
const ATTRIBUTE_NAME = new RegExp(`${SPACE}+(${NAME})(?:${VALUE})?`, 'g');
/** Elements whose content the tokenizer reads otherwise than as tags. */
const UNLIKE_DATA = /^(?:script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext|svg|math)$/i;
const INLINE = /^(?:on|style)/i;

/**
 * Whether untrusted HTML may give an element an inline handler (`on…`) or a `style` attribute,
 * which Chromium reports to the page's CSP as it parses them (only-allowed-attributes.ts). Only
 * an attribute can, so in HTML made of plain tags the text between them is not searched: notes
 * that merely say "online" render at once, without the rewriting pass. Anything this reading
 * cannot follow exactly as the browser's tokenizer does (comments, doctypes, raw-text and foreign
 * elements, an attribute written without the whitespace before it) is judged by the conservative
 * test of the whole text instead, so a yes is never missed.
 */
export function mayHoldInlineAttribute(html: string): boolean {
  if (!ANYWHERE.test(html)) return false;
  let at = html.indexOf('<');
  while (at >= 0) {
    const next = html[at + 1] ?? '';
    // A "<" before anything but a letter, "/", "!" or "?" is text to the tokenizer.
    if (/[a-zA-Z/!?]/.test(next)) {
      PLAIN_TAG.lastIndex = at;
      const tag = PLAIN_TAG.exec(html);
      if (!tag || UNLIKE_DATA.test(tag[1]!)) return true;
      for (const [, name] of tag[2]!.matchAll(ATTRIBUTE_NAME)) if (INLINE.test(name!)) return true;
      at = html.indexOf('<', PLAIN_TAG.lastIndex);
    } else {
      at = html.indexOf('<', at + 1);
    }
  }
  return false;
}
