// @vitest-environment node
import { XSS_PAYLOADS } from '@hearken/test-support/hostile';
import { ALLOWED_ELEMENTS } from '@hearken/ui/rich-text';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { notesHtml } from './notes-html.ts';

/** Elements and attributes as a browser's tokenizer reads them. */
function tokens(html: string) {
  const tags: string[] = [];
  const attributes: [string, string, string][] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      tags.push(name);
      for (const [key, value] of Object.entries(attrs)) attributes.push([name, key, value]);
    },
  });
  parser.write(html);
  parser.end();
  return { tags, attributes };
}

describe('changelog notes on the server', () => {
  it('keeps headings, lists, links, bold, code and images as the client shows them', () => {
    expect(
      notesHtml(
        '<h2 class="x">New</h2><ul><li><b>Bold</b> and <code>code</code></li></ul>' +
          '<p><a href="https://example.com/a" onclick="x()">Read</a> <img src="https://cdn.example/i.png"></p>',
      ),
    ).toBe(
      '<h2>New</h2><ul><li><b>Bold</b> and <code>code</code></li></ul>' +
        '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">Read</a> ' +
        '<img src="https://cdn.example/i.png" alt="" loading="lazy" referrerpolicy="no-referrer"></p>',
    );
  });

  it('renders a rich-text document: headings, marks, links, ordered lists', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Title' }] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    { type: 'text', text: 'Go', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
                    { type: 'text', text: ' <b>', marks: [{ type: 'bold' }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(notesHtml(doc)).toBe(
      '<h3>Title</h3><ol start="3"><li><p><a>Go</a><strong> &lt;b&gt;</strong></p></li></ol>',
    );
  });

  it('drops active content, unwraps unknown elements and never writes a handler, a style or an unsafe URL', () => {
    expect(
      notesHtml('<div><script>alert(1)</script><svg><a href="x">s</a></svg>text<iframe src="x"></iframe></div>'),
    ).toBe('text');
    for (const payload of XSS_PAYLOADS) {
      const { tags, attributes } = tokens(notesHtml(payload));
      expect(tags.filter((tag) => !ALLOWED_ELEMENTS.includes(tag))).toEqual([]);
      expect(attributes.filter(([, name]) => name.startsWith('on') || name === 'style')).toEqual([]);
      for (const [, name, value] of attributes)
        if (name === 'href' || name === 'src') expect(value).toMatch(/^(https|mailto):/);
    }
  });
});
