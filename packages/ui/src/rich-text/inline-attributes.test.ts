import fc from 'fast-check';
import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { mayHoldInlineAttribute } from './inline-attributes.ts';

interface Parsed {
  attrs?: { name: string }[];
  childNodes?: Parsed[];
  content?: Parsed;
}

/** What the HTML standard's parser gives: does any element carry an `on…` or `style` attribute? */
function holdsInlineAttribute(html: string): boolean {
  const walk = (node: Parsed): boolean =>
    (node.attrs ?? []).some(({ name }) => /^(?:on|style)/i.test(name)) ||
    (node.childNodes ?? []).some(walk) ||
    (node.content ? walk(node.content) : false);
  return walk(parseFragment(html) as Parsed);
}

describe('mayHoldInlineAttribute', () => {
  it('passes notes whose text merely contains "on" or "style" without the extra pass', () => {
    for (const html of [
      '<p>Open and edit notes without a connection; your changes sync when you are back online.</p>',
      '<p>Save any note as a template and start it <em>in one click</em>.</p>',
      '<p>Turn it on in Settings › Style, or <a href="https://example.com/on" title="on style">read on</a>.</p>',
      '<ul><li>Only one</li><li>Styles on export</li></ul><p>a < b on c > d</p>',
      '<p>Links <a href="https://example.com" rel="noopener">on</a> and<br/>line breaks</p>',
    ]) {
      expect(holdsInlineAttribute(html), html).toBe(false);
      expect(mayHoldInlineAttribute(html), html).toBe(false);
    }
  });

  it('finds every handler and style attribute, however it is written', () => {
    for (const html of [
      '<img src=x onerror=alert(1)>',
      '<p style="color:red">x</p>',
      '<P STYLE=color:red>x</P>',
      '<a href="x"onclick="y">x</a>',
      '<a/onclick=y>x</a>',
      '<a title="x>y" onmouseover=z>x</a>',
      "<a title='x>y'\nonfocus=z>x</a>",
      '<!-- > <b c=" --><a title="k>" onclick=z>',
      '<textarea><a title="</textarea><img onerror=x>"></textarea>',
      '<svg><![CDATA[ x ]]><a onclick=z></a></svg>',
      '<a\tonclick=x>',
      '<div\fstyle=x>',
    ]) {
      expect(holdsInlineAttribute(html), html).toBe(true);
      expect(mayHoldInlineAttribute(html), html).toBe(true);
    }
  });

  it('never says no where the HTML parser finds one (generated markup)', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '/',
      '</',
      '<!--',
      '-->',
      '--!>',
      '<!',
      '<?',
      '"',
      "'",
      '=',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '`',
      'a',
      'p',
      'b',
      'img',
      'svg',
      'textarea',
      'script',
      'style',
      'on',
      'onclick',
      'title',
      'x',
      '<a ',
      '<p>',
      ' on',
      ' style=',
      '<![CDATA[',
      ']]>',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const html = pieces.join('');
        if (holdsInlineAttribute(html)) expect(mayHoldInlineAttribute(html), html).toBe(true);
      }),
      { numRuns: 20_000, seed: 36 },
    );
  });
});
