import { renderRichText } from './render.ts';

// Blocks whose end is a break between words, which textContent alone would run together.
const BLOCKS = 'p,li,h1,h2,h3,h4,h5,h6,blockquote,pre,figcaption,td,th,br';

/**
 * The words of rich text as one line of plain text, for an excerpt that a few lines can show:
 * no links to land on once clipped, no headings larger than the title above. It is rendered
 * (sanitised) in a document of its own, which loads no images and runs nothing.
 */
export async function richTextExcerpt(value: unknown): Promise<string> {
  const target = document.implementation.createHTMLDocument('').createElement('div');
  await renderRichText(target, value);
  for (const block of target.querySelectorAll(BLOCKS)) block.after(' ');
  return (target.textContent ?? '').replace(/\s+/g, ' ').trim();
}
