import { enforceAllowlist } from './allowlist.ts';
import { documentToFragment, isRichTextDocument, type RichTextDocument } from './prosemirror.ts';
import { sanitizeHtmlInto } from './sanitize.ts';

/** Rich text as the API sends it: an HTML string or a ProseMirror-style document. */
export type RichTextValue = string | RichTextDocument | null | undefined;

/**
 * Renders untrusted rich text into `target`, replacing its children. Content is built in a
 * detached element first and moved in only once it is clean.
 */
export async function renderRichText(target: Element, value: RichTextValue | unknown): Promise<void> {
  const staging = target.ownerDocument.createElement('div');
  if (typeof value === 'string') await sanitizeHtmlInto(staging, value);
  else if (isRichTextDocument(value)) {
    staging.append(documentToFragment(target.ownerDocument, value));
    enforceAllowlist(staging);
  }
  target.replaceChildren(...staging.childNodes);
}
