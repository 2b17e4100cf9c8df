/** A node of a ProseMirror-style rich-text document (`{ type: 'doc', content: [...] }`). */
export interface RichTextNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: readonly { type: string; attrs?: Record<string, unknown> }[];
  content?: readonly RichTextNode[];
}

/** A rich-text document: its root node has `type: 'doc'`. */
export interface RichTextDocument extends RichTextNode {
  type: 'doc';
}

/** True for a ProseMirror-style document. */
export function isRichTextDocument(value: unknown): value is RichTextDocument {
  return typeof value === 'object' && value !== null && (value as RichTextNode).type === 'doc';
}

/** Element of each node type. Both the camelCase (tiptap) and snake_case (prosemirror-schema-basic) names occur. */
export const BLOCKS: Readonly<Record<string, string>> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  bulletList: 'ul',
  bullet_list: 'ul',
  orderedList: 'ol',
  ordered_list: 'ol',
  listItem: 'li',
  list_item: 'li',
  codeBlock: 'pre',
  code_block: 'pre',
  hardBreak: 'br',
  hard_break: 'br',
  horizontalRule: 'hr',
  horizontal_rule: 'hr',
  image: 'img',
};

/** Element of each mark type. */
export const MARKS: Readonly<Record<string, string>> = {
  bold: 'strong',
  strong: 'strong',
  italic: 'em',
  em: 'em',
  underline: 'u',
  strike: 's',
  strikethrough: 's',
  code: 'code',
  link: 'a',
  highlight: 'mark',
  subscript: 'sub',
  superscript: 'sup',
};

/** Nodes deeper than this are left out. */
export const MAX_DEPTH = 64;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

function renderNode(doc: Document, node: RichTextNode, parent: Node, depth: number): void {
  if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
  if (node.type === 'text') {
    let target: Node = doc.createTextNode(text(node.text) ?? '');
    // The first mark is the outermost, as ProseMirror serialises them.
    for (const mark of Array.isArray(node.marks) ? [...node.marks].reverse() : []) {
      const tag = MARKS[mark?.type];
      if (!tag) continue;
      const wrapper = doc.createElement(tag);
      const href = tag === 'a' ? text(mark.attrs?.href) : null;
      if (href) wrapper.setAttribute('href', href);
      wrapper.append(target);
      target = wrapper;
    }
    parent.appendChild(target);
    return;
  }
  let tag = BLOCKS[node.type];
  if (node.type === 'heading') {
    const level = Number(node.attrs?.level);
    tag = `h${Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2}`;
  }
  // Unknown node types keep their content, like an unknown HTML element is unwrapped.
  const element = tag ? doc.createElement(tag) : null;
  if (element && tag === 'img') {
    for (const name of ['src', 'alt', 'title']) {
      const value = text(node.attrs?.[name]);
      if (value !== null) element.setAttribute(name, value);
    }
  }
  if (element && tag === 'ol') {
    const start = Number(node.attrs?.start ?? node.attrs?.order);
    if (Number.isInteger(start) && start !== 1) element.setAttribute('start', String(start));
  }
  for (const child of Array.isArray(node.content) ? node.content : []) {
    renderNode(doc, child, element ?? parent, depth + 1);
  }
  if (element) parent.appendChild(element);
}

/** Builds DOM for a document. Text stays text; the result still goes through the allowlist. */
export function documentToFragment(doc: Document, value: RichTextDocument): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  for (const child of Array.isArray(value.content) ? value.content : []) renderNode(doc, child, fragment, 1);
  return fragment;
}
