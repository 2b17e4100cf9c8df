/**
 * @hearken/ui/rich-text: rich text (an HTML string or a ProseMirror-style document) rendered as
 * sanitized DOM. Its own entry because it loads the sanitizer fallback and the hostile-HTML pass
 * with `import()`: a bundler that splits code (esbuild) makes a chunk of every `import()` it
 * reaches, and moves the code such a chunk shares into chunks the importing page loads, so a
 * widget without rich text (the feedback form) would carry part of it through the main entry.
 */
export {
  ALLOWED_ATTRIBUTES,
  ALLOWED_ELEMENTS,
  DROPPED_ELEMENTS,
  enforceAllowlist,
  GLOBAL_ATTRIBUTES,
} from './rich-text/allowlist.ts';
export { richTextExcerpt } from './rich-text/excerpt.ts';
export {
  BLOCKS,
  isRichTextDocument,
  MARKS,
  MAX_DEPTH,
  type RichTextDocument,
  type RichTextNode,
} from './rich-text/prosemirror.ts';
export { type RichTextValue, renderRichText } from './rich-text/render.ts';
export { RichText, type RichTextProps } from './rich-text/rich-text.tsx';
export { sanitizeHtmlInto } from './rich-text/sanitize.ts';
