import '../test/happy-dom.ts';
import nodeConsole from 'node:console';
import { XSS_PAYLOADS } from '@hearken/test-support/hostile';
import { render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeUrl } from '../url.ts';
import { renderRichText } from './render.ts';
import { RichText } from './rich-text.tsx';

async function rendered(value: unknown): Promise<HTMLElement> {
  const target = document.createElement('div');
  await renderRichText(target, value);
  return target;
}

const stripControls = (value: string) => [...value].filter((char) => char.charCodeAt(0) > 0x20).join('');

function assertInert(root: HTMLElement): void {
  expect(root.querySelector('script, iframe, object, embed, style, svg, math, form, base, meta, link')).toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      expect(name.startsWith('on'), `${element.localName}[${name}]`).toBe(false);
      expect(stripControls(value).toLowerCase()).not.toMatch(/^(javascript|vbscript|data):/);
      expect(name).not.toBe('style');
    }
  }
}

afterEach(() => vi.restoreAllMocks());

describe('renderRichText with HTML (DOMPurify path: happy-dom has no setHTML)', () => {
  it(`neutralises ${XSS_PAYLOADS.length} known XSS payloads`, async () => {
    // happy-dom tries to load each iframe a payload parses into (DOMPurify removes it after) and
    // reports the refusal on the console it was given, Node's own: captured and checked here.
    const refusals = vi.spyOn(nodeConsole, 'error').mockImplementation(() => {});
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    expect('setHTML' in Element.prototype).toBe(false);
    for (const payload of XSS_PAYLOADS) {
      const root = await rendered(payload);
      try {
        assertInert(root);
      } catch (error) {
        throw new Error(`payload ${JSON.stringify(payload)} left ${root.innerHTML}: ${error}`);
      }
    }
    const reported = refusals.mock.calls.map(([error]) => String(error));
    expect(reported.length).toBeGreaterThan(0);
    expect(
      reported.filter((line) => !/Failed to load iframe page .*Iframe page loading is disabled/.test(line)),
    ).toEqual([]);
  });

  it('keeps formatting and text', async () => {
    const root = await rendered(
      '<h2>New</h2><p>Some <strong>bold</strong>, <em>italic</em> and <code>code</code>.</p><ul><li>one</li></ul>',
    );
    expect(root.innerHTML).toBe(
      '<h2>New</h2><p>Some <strong>bold</strong>, <em>italic</em> and <code>code</code>.</p><ul><li>one</li></ul>',
    );
  });

  it('lets http, https and mailto links through, opening safely in a new tab', async () => {
    const root = await rendered(
      '<a href="https://example.com/a?b=1">a</a><a href="http://example.com">b</a><a href="mailto:hi@example.com">c</a><a href="ftp://example.com">d</a><a href="/relative">e</a>',
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'http://example.com/',
      'mailto:hi@example.com',
      null,
      null,
    ]);
    for (const link of links.slice(0, 3)) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(root.textContent).toBe('abcde');
  });

  it('keeps https images only', async () => {
    const root = await rendered(
      '<img src="https://cdn.example/a.png" alt="A"><img src="http://cdn.example/b.png" alt="B"><img src="data:image/png;base64,AAAA">',
    );
    const images = [...root.querySelectorAll('img')];
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe('https://cdn.example/a.png');
    expect(images[0]!.getAttribute('alt')).toBe('A');
  });

  it('unwraps unknown elements but keeps their text', async () => {
    const root = await rendered(
      '<section><article><p>kept</p></article></section><table><tr><td>cell</td></tr></table>',
    );
    expect(root.querySelector('section, article, table, td')).toBeNull();
    expect(root.textContent).toBe('keptcell');
  });
});

describe('renderRichText on the native setHTML path', () => {
  it('applies the same allowlist after the browser sanitizer', async () => {
    const calls: unknown[] = [];
    // A stand-in for a browser sanitizer that lets more through than the allowlist permits.
    Object.defineProperty(Element.prototype, 'setHTML', {
      configurable: true,
      value(this: Element, html: string, options: unknown) {
        calls.push(options);
        const template = document.createElement('template');
        template.innerHTML = html.replace(/<script[\s\S]*?<\/script>/gi, '');
        this.replaceChildren(template.content);
      },
    });
    try {
      const root = await rendered(
        '<table><tr><td><a href="javascript:alert(1)" onclick="x()">link</a><img src="http://x/a.png"><script>alert(1)</script></td></tr></table>',
      );
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ sanitizer: { elements: expect.arrayContaining(['p', 'a']) } });
      expect(root.innerHTML).toBe('<a>link</a>');
    } finally {
      delete (Element.prototype as { setHTML?: unknown }).setHTML;
    }
  });
});

describe('renderRichText with a ProseMirror-style document', () => {
  it('renders headings, marks, lists, links and images, as text', async () => {
    const root = await rendered({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Release <1.2>' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Read ' },
            {
              type: 'text',
              text: 'the docs',
              marks: [{ type: 'link', attrs: { href: 'https://docs.example' } }, { type: 'bold' }],
            },
            { type: 'hardBreak' },
            { type: 'text', text: '<img src=x onerror=alert(1)>' },
          ],
        },
        {
          type: 'bullet_list',
          content: [{ type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }],
        },
        { type: 'image', attrs: { src: 'https://cdn.example/x.png', alt: 'Screenshot' } },
        { type: 'image', attrs: { src: 'javascript:alert(1)' } },
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
        { type: 'mysteryWidget', content: [{ type: 'text', text: 'unknown kept' }] },
      ],
    });
    expect(root.querySelector('h3')?.textContent).toBe('Release <1.2>');
    const link = root.querySelector('a[href]')!;
    expect(link.getAttribute('href')).toBe('https://docs.example/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.innerHTML).toBe('<strong>the docs</strong>');
    expect(root.querySelector('br')).not.toBeNull();
    expect(root.querySelector('p img')).toBeNull();
    expect(root.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(root.querySelector('ul li p')?.textContent).toBe('one');
    expect([...root.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
      'https://cdn.example/x.png',
    ]);
    expect(root.textContent).toContain('unknown kept');
    assertInert(root);
  });

  it('survives hostile document shapes', async () => {
    let deep: Record<string, unknown> = { type: 'text', text: 'bottom' };
    for (let i = 0; i < 500; i++) deep = { type: 'blockquote', content: [deep] };
    const root = await rendered({
      type: 'doc',
      content: [
        deep,
        null,
        42,
        { type: 'text', text: { toString: () => '<b>x</b>' } },
        { type: 'paragraph', content: 'nope' },
      ],
    });
    assertInert(root);
    expect(root.querySelectorAll('blockquote').length).toBeLessThanOrEqual(64);
  });

  it('renders nothing for values that are neither HTML nor a document', async () => {
    for (const value of [null, undefined, 42, { type: 'paragraph' }, ['<b>x</b>']]) {
      expect((await rendered(value)).childNodes).toHaveLength(0);
    }
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://a.example/x', 'link', 'https://a.example/x'],
    ['HTTP://A.example', 'link', 'http://a.example/'],
    ['mailto:a@b.example', 'link', 'mailto:a@b.example'],
    ['mailto:a@b.example', 'image', null],
    ['http://a.example/x.png', 'image', null],
    ['https://a.example/x.png', 'image', 'https://a.example/x.png'],
    ['http://127.0.0.1:4000/assets/demo/logo.svg', 'image', 'http://127.0.0.1:4000/assets/demo/logo.svg'],
    ['http://localhost:4000/a.svg', 'image', 'http://localhost:4000/a.svg'],
    ['http://[::1]:4000/a.svg', 'image', 'http://[::1]:4000/a.svg'],
    ['http://127.0.0.1.evil.example/a.svg', 'image', null],
    ['http://localhost.evil.example/a.svg', 'image', null],
    ['http://10.0.0.1/a.svg', 'image', null],
    ['javascript:alert(1)', 'link', null],
    ['  JavaScript:alert(1)', 'link', null],
    ['java\tscript:alert(1)', 'link', null],
    ['data:text/html,hi', 'link', null],
    ['/relative', 'link', null],
    ['', 'link', null],
  ] as const)('%j as %s → %j', (input, kind, expected) => {
    expect(safeUrl(input, kind)).toBe(expected);
  });
});

describe('<RichText>', () => {
  it('renders sanitized content and re-renders when the value changes', async () => {
    const onRender = vi.fn();
    const { container, rerender } = render(<RichText value="<p>Hi <script>x()</script></p>" onRender={onRender} />);
    await waitFor(() => expect(container.innerHTML).toBe('<div><p>Hi </p></div>'));
    rerender(
      <RichText value={{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Doc' }] }] }} />,
    );
    await waitFor(() => expect(container.innerHTML).toBe('<div><p>Doc</p></div>'));
    expect(onRender).toHaveBeenCalled();
  });
});
