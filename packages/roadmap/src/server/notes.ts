import { Parser } from 'htmlparser2';

// Elements that end a paragraph of text.
const BLOCKS = new Set(['p', 'div', 'li', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr']);

function htmlParagraphs(html: string): string[] {
  const paragraphs: string[] = [];
  let current = '';
  const close = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(text);
    current = '';
  };
  let skipped = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'script' || name === 'style') skipped++;
        else if (BLOCKS.has(name)) close();
      },
      ontext(text) {
        if (skipped === 0) current += text;
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style') skipped = Math.max(0, skipped - 1);
        else if (BLOCKS.has(name)) close();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  close();
  return paragraphs;
}

interface DocNode {
  type?: unknown;
  text?: unknown;
  content?: unknown;
}

function documentParagraphs(node: DocNode, paragraphs: string[]): string {
  if (typeof node.text === 'string') return node.text;
  const children = Array.isArray(node.content) ? (node.content as DocNode[]) : [];
  const inline = children.some((child) => typeof child?.text === 'string' || child?.type === 'hardBreak');
  if (!inline) {
    for (const child of children) if (child && typeof child === 'object') documentParagraphs(child, paragraphs);
    return '';
  }
  const text = children
    .map((child) => (child?.type === 'hardBreak' ? ' ' : documentParagraphs(child ?? {}, paragraphs)))
    .join('')
    .trim();
  if (text) paragraphs.push(text);
  return '';
}

/**
 * The text of changelog notes (an HTML string or a rich-text document) as paragraphs: what a
 * crawler and a reader without scripts need. Markup is dropped rather than sanitised here; the
 * element's rich-text renderer shows the formatting once it runs.
 */
export function notesParagraphs(notes: string | { content: unknown[] }): string[] {
  if (typeof notes === 'string') return htmlParagraphs(notes);
  const paragraphs: string[] = [];
  documentParagraphs(notes as DocNode, paragraphs);
  return paragraphs;
}
