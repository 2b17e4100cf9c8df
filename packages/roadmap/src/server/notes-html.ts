import { safeUrl } from '@hearken/ui';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_ELEMENTS,
  BLOCKS,
  DROPPED_ELEMENTS,
  GLOBAL_ATTRIBUTES,
  isRichTextDocument,
  MARKS,
  MAX_DEPTH,
  type RichTextNode,
} from '@hearken/ui/rich-text';
import { ElementType, parseDocument } from 'htmlparser2';

type Node = ReturnType<typeof parseDocument>['children'][number];

const ALLOWED = new Set(ALLOWED_ELEMENTS);
// Elements without an end tag.
const VOID = new Set(['br', 'hr', 'img']);

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeValue = (value: string) => escapeText(value).replaceAll('"', '&quot;');

/** The attributes the client's allowlist keeps (and sets) on an allowed element; `null` drops it. */
function attributesOf(tag: string, given: Record<string, string>): [string, string][] | null {
  const keep = ALLOWED_ATTRIBUTES[tag] ?? [];
  const kept = Object.entries(given).filter(([name]) => keep.includes(name) || GLOBAL_ATTRIBUTES.includes(name));
  const others = (names: string[]) => kept.filter(([name]) => !names.includes(name));
  if (tag === 'a') {
    const href = safeUrl(given.href, 'link');
    if (!href) return others(['href']);
    return [...others(['href']), ['href', href], ['target', '_blank'], ['rel', 'noopener noreferrer']];
  }
  if (tag === 'img') {
    const src = safeUrl(given.src, 'image');
    if (!src) return null;
    return [
      ...others(['src', 'alt']),
      ['src', src],
      ['alt', given.alt ?? ''],
      ['loading', 'lazy'],
      ['referrerpolicy', 'no-referrer'],
    ];
  }
  return kept;
}

function write(nodes: readonly Node[], depth: number): string {
  if (depth > MAX_DEPTH) return '';
  let out = '';
  for (const node of nodes) {
    // Comments and processing instructions carry `data` too, but are no text.
    if (node.type === ElementType.Text && 'data' in node) out += escapeText(node.data);
    else if ('attribs' in node) {
      const element = node;
      const tag = element.name.toLowerCase();
      if (DROPPED_ELEMENTS.has(tag)) continue;
      if (!ALLOWED.has(tag)) {
        out += write(element.children, depth + 1);
        continue;
      }
      const attributes = attributesOf(tag, element.attribs);
      if (!attributes) continue;
      out += `<${tag}${attributes.map(([name, value]) => ` ${name}="${escapeValue(value)}"`).join('')}>`;
      if (!VOID.has(tag)) out += `${write(element.children, depth + 1)}</${tag}>`;
    }
  }
  return out;
}

/** Untrusted HTML reduced to the rich-text allowlist, parsed without a DOM. */
export function sanitizeHtml(html: string): string {
  return write(parseDocument(html, { decodeEntities: true, lowerCaseTags: true }).children, 0);
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);
const attribute = (name: string, value: string) => ` ${name}="${escapeValue(value)}"`;

/** A ProseMirror-style node as HTML, by the element tables the client's renderer uses. */
function documentHtml(node: RichTextNode, depth: number): string {
  if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return '';
  if (node.type === 'text') {
    let html = escapeText(text(node.text) ?? '');
    for (const mark of Array.isArray(node.marks) ? [...node.marks].reverse() : []) {
      const tag = MARKS[mark?.type];
      if (!tag) continue;
      const href = tag === 'a' ? text(mark.attrs?.href) : null;
      html = `<${tag}${href ? attribute('href', href) : ''}>${html}</${tag}>`;
    }
    return html;
  }
  let tag = BLOCKS[node.type];
  if (node.type === 'heading') {
    const level = Number(node.attrs?.level);
    tag = `h${Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2}`;
  }
  const inner = (Array.isArray(node.content) ? node.content : [])
    .map((child) => documentHtml(child, depth + 1))
    .join('');
  if (!tag) return inner;
  let attributes = '';
  if (tag === 'img') {
    for (const name of ['src', 'alt', 'title']) {
      const value = text(node.attrs?.[name]);
      if (value !== null) attributes += attribute(name, value);
    }
  }
  if (tag === 'ol') {
    const start = Number(node.attrs?.start ?? node.attrs?.order);
    if (Number.isInteger(start) && start !== 1) attributes += attribute('start', String(start));
  }
  return VOID.has(tag) ? `<${tag}${attributes}>` : `<${tag}${attributes}>${inner}</${tag}>`;
}

/**
 * Changelog notes (an HTML string or a rich-text document) as sanitised HTML, by the same
 * allowlist as the element's rich-text renderer: formatting, links and images stay, anything
 * active is dropped.
 */
export function notesHtml(notes: unknown): string {
  if (typeof notes === 'string') return sanitizeHtml(notes);
  if (!isRichTextDocument(notes)) return '';
  const content = Array.isArray(notes.content) ? notes.content : [];
  return sanitizeHtml(content.map((child) => documentHtml(child, 1)).join(''));
}
