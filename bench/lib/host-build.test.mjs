import { describe, expect, it } from 'vitest';
import { copiedSources, describeLeftOut, measure, onDemandKind } from './host-build.mjs';

/** A build as hostBuild returns it: chunk name → [gzip bytes, static imports, dynamic imports, kind]. */
function build(spec) {
  const chunks = new Map(
    Object.entries(spec).map(([file, [gzip, imports = [], dynamicImports = [], kind]]) => [
      file,
      { gzip, brotli: gzip, imports, dynamicImports, kind, isEntry: file === 'main.js' },
    ]),
  );
  return { chunks, entry: 'main.js' };
}

const page = build({
  'main.js': [2000, ['shell.js'], ['widget.js']],
  'shell.js': [500],
  'widget.js': [30000, ['shell.js', 'shared.js'], ['de.js', 'purify.js', 'wrapper.js']],
  'shared.js': [8000],
  'de.js': [800, [], [], 'locale'],
  'purify.js': [11000, [], [], 'dompurify'],
  // A small chunk of the package's own that only wraps htmlparser2.
  'wrapper.js': [300, ['parser.js', 'widget.js']],
  'parser.js': [22000, [], [], 'htmlparser2'],
});

describe('measure', () => {
  it('counts the entry and its static imports as eager', () => {
    expect(measure(page, { followDynamic: false })).toMatchObject({ gzip: 2500, files: 2 });
  });

  it('follows import() for the whole, leaving out languages, DOMPurify and the wrapped htmlparser2', () => {
    const whole = measure(page, { followDynamic: true });
    expect(whole).toMatchObject({ gzip: 40500, files: 4 });
    expect(Object.fromEntries(whole.leftOut)).toEqual({
      'de.js': 'locale',
      'purify.js': 'dompurify',
      'wrapper.js': 'htmlparser2',
      'parser.js': 'htmlparser2',
    });
    expect(describeLeftOut(page, whole.leftOut)).toBe(
      'left out, on demand: locale 0.8 kB, dompurify 11.0 kB, htmlparser2 (2 chunks) 22.3 kB',
    );
  });

  it('counts on-demand code that lands in an element chunk of its own code', () => {
    const merged = build({
      'main.js': [2000, [], ['widget.js']],
      'widget.js': [30000, ['purify.js']],
      'purify.js': [11000, [], [], 'dompurify'],
    });
    expect(measure(merged, { followDynamic: true })).toMatchObject({ gzip: 43000, files: 3 });
  });

  it('counts a chunk loaded eagerly even where an import() also reaches it', () => {
    const both = build({
      'main.js': [1000, ['de.js'], ['de.js']],
      'de.js': [800, [], [], 'locale'],
    });
    const whole = measure(both, { followDynamic: true });
    expect(whole).toMatchObject({ gzip: 1800, files: 2 });
    expect(whole.leftOut.size).toBe(0);
  });
});

describe('a whole (acted)', () => {
  const acting = build({
    'main.js': [2000, [], ['widget.js']],
    'widget.js': [30000, [], ['search.js', 'shot.js', 'purify.js']],
    'search.js': [6000, [], ['en.js', 'fr.js'], 'minisearch'],
    'en.js': [1500],
    'fr.js': [1600, [], [], 'locale'],
    'shot.js': [5000, [], ['shot-de.js'], 'screenshot'],
    'shot-de.js': [700, [], [], 'locale'],
    'purify.js': [11000, [], [], 'dompurify'],
  });

  it('leaves the matcher and the screenshot out until the user acts', () => {
    const before = measure(acting, { followDynamic: true });
    expect(before).toMatchObject({ gzip: 32000, files: 2 });
    expect(Object.fromEntries(before.leftOut)).toEqual({
      'search.js': 'minisearch',
      'shot.js': 'screenshot',
      'purify.js': 'dompurify',
    });
  });

  it('counts them, with the English matcher data, but not other languages or DOMPurify', () => {
    const whole = measure(acting, { followDynamic: true, acted: true });
    expect(whole).toMatchObject({ gzip: 44500, files: 5 });
    expect(Object.fromEntries(whole.leftOut)).toEqual({
      'fr.js': 'locale',
      'shot-de.js': 'locale',
      'purify.js': 'dompurify',
    });
  });
});

describe('onDemandKind', () => {
  const orama = (language) =>
    `/x/node_modules/.pnpm/@orama+stemmers@3.1.18/node_modules/@orama/stemmers/dist/${language}.js`;

  it("names the matcher's languages but English, with their stemmers, as other languages", () => {
    expect(onDemandKind(['/x/packages/ui/src/search/lang/de.ts', orama('de')])).toBe('locale');
    expect(onDemandKind(['/x/packages/ui/dist/search/lang/fr.js'])).toBe('locale');
    expect(onDemandKind(['/x/packages/ui/src/search/lang/en.ts', orama('en')])).toBeUndefined();
  });

  it("names the screenshot editor's languages as languages, its own code as the screenshot", () => {
    expect(onDemandKind(['/x/packages/feedback/src/screenshot/locales/fr.ts'])).toBe('locale');
    expect(
      onDemandKind([
        '/x/packages/feedback/src/screenshot/editor.tsx',
        '/x/packages/feedback/src/screenshot/locales/en.ts',
      ]),
    ).toBe('screenshot');
  });

  it('names the on-demand packages, and nothing else', () => {
    expect(onDemandKind(['/x/node_modules/minisearch/dist/es/index.js', '/x/packages/ui/src/search.ts'])).toBe(
      'minisearch',
    );
    expect(onDemandKind(['/x/node_modules/preact/dist/preact.module.js'])).toBeUndefined();
  });
});

describe('copiedSources', () => {
  it('names the source files that sit in more than one of the chunks, with their chunks', () => {
    const chunks = new Map([
      ['view.js', { sources: ['/p/preact.js', '/p/view.tsx'] }],
      ['changelog.js', { sources: ['/p/preact.js', '/p/changelog.tsx', '/p/changelog.tsx'] }],
      ['form.js', { sources: ['/p/form.tsx'] }],
    ]);
    expect(copiedSources({ chunks }, ['view.js', 'changelog.js', 'form.js'])).toEqual(
      new Map([['/p/preact.js', ['view.js', 'changelog.js']]]),
    );
    expect(copiedSources({ chunks }, ['view.js', 'form.js']).size).toBe(0);
  });
});
