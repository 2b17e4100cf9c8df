// @vitest-environment node
import { changelog, issue, type PortalData, portal, project, WORKSPACE_ID, workspace } from '@hearken/test-support';
import { hostileString, XSS_PAYLOADS } from '@hearken/test-support/hostile';
import { ALLOWED_ELEMENTS } from '@hearken/ui/rich-text';
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as ar from '../locales/ar.ts';
import * as de from '../locales/de.ts';
import * as es from '../locales/es.ts';
import * as fr from '../locales/fr.ts';
import { VIEWS } from '../options.ts';
import { createRoadmapRenderer, RenderOptionsError, renderRoadmap } from '../server.ts';
import { en } from '../strings.ts';
import { createFakeApi } from '../test/fake-api.ts';
import type { RoadmapRenderData } from './options.ts';

const API = 'https://api.example';
const STYLESHEET = 'https://cdn.example/roadmap.css';

interface Parsed {
  tags: string[];
  attributes: [string, string, string][];
  text: string;
  scripts: string[];
}

/** The markup as a browser's tokenizer sees it: elements, attributes, text and script contents. */
function parse(html: string): Parsed {
  const parsed: Parsed = { tags: [], attributes: [], text: '', scripts: [] };
  let inScript = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        parsed.tags.push(name);
        for (const [key, value] of Object.entries(attributes)) parsed.attributes.push([name, key, value]);
        if (name === 'script') {
          inScript = true;
          parsed.scripts.push('');
        }
      },
      ontext(text) {
        if (inScript) parsed.scripts[parsed.scripts.length - 1] += text;
        else parsed.text += text;
      },
      onclosetag(name) {
        if (name === 'script') inScript = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parsed;
}

const fromPortal = (data: PortalData = portal()): RoadmapRenderData => ({
  workspace: data.workspace,
  projects: data.projects,
  issues: data.issues,
  changelog: data.latestChangelog,
});

const EMITTED = new Set([
  'hearken-roadmap',
  'template',
  'link',
  'style',
  'script',
  'div',
  'header',
  'h2',
  'h3',
  'h4',
  'button',
  'section',
  'ul',
  'li',
  'article',
  'span',
  'bdi',
  'p',
  'a',
  'time',
  'img',
  'search',
  'label',
  'input',
  // Changelog notes keep the rich-text renderer's formatting.
  ...ALLOWED_ELEMENTS,
]);

function expectContained(html: string, data: RoadmapRenderData) {
  const parsed = parse(html);
  expect(parsed.tags.filter((tag) => !EMITTED.has(tag))).toEqual([]);
  expect(parsed.attributes.filter(([, key]) => key.startsWith('on'))).toEqual([]);
  expect(parsed.attributes.filter(([, key]) => key === 'style')).toEqual([]);
  for (const [, key, value] of parsed.attributes)
    if (key === 'href' || key === 'src') expect(value).toMatch(/^(https|mailto):/);
  expect(parsed.scripts).toHaveLength(1);
  expect(parsed.scripts[0]).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(parsed.scripts[0]!)).toEqual(JSON.parse(JSON.stringify({ workspaceId: WORKSPACE_ID, ...data })));
  return parsed;
}

afterEach(() => vi.useRealTimers());

describe('renderRoadmap', () => {
  it('renders the roadmap view from given data without reading, names and links in the HTML', async () => {
    const fetch = vi.fn();
    const data = fromPortal();
    const html = await renderRoadmap({ workspace: WORKSPACE_ID, data, fetch, stylesheet: STYLESHEET });
    expect(fetch).not.toHaveBeenCalled();
    const parsed = expectContained(html, data);
    expect(html).toMatch(/^<hearken-roadmap workspace="ws_acme"><template shadowrootmode="open">/);
    expect(html).toContain(`<link rel="stylesheet" href="${STYLESHEET}"/>`);
    for (const name of ['Dark mode', 'Search', 'Exports', 'Billing', 'Teleport']) expect(parsed.text).toContain(name);
    expect(parsed.text).toContain(data.workspace.name);
    expect(html).toContain('aria-valuenow="55"');
  });

  it('renders a bare view with header="off" and tabs="off", written on the element it hydrates', async () => {
    const data = fromPortal();
    const bare = await renderRoadmap({
      workspace: WORKSPACE_ID,
      data,
      header: 'off',
      tabs: 'off',
      stylesheet: STYLESHEET,
    });
    expect(bare).toMatch(/^<hearken-roadmap workspace="ws_acme" header="off" tabs="off">/);
    expect(bare).not.toContain('<h2');
    expect(bare).not.toContain('aria-pressed');
    const full = await renderRoadmap({ workspace: WORKSPACE_ID, data, stylesheet: STYLESHEET });
    expect(full).toContain('<h2');
    expect(full).toContain('aria-pressed');
  });

  it('renders the issues view with real links (never a javascript: one)', async () => {
    const data = fromPortal();
    const html = await renderRoadmap({ workspace: WORKSPACE_ID, data, view: 'issues', stylesheet: STYLESHEET });
    const parsed = expectContained(html, data);
    for (const title of ['Fix login', 'Faster search', 'CSV export']) expect(parsed.text).toContain(title);
    const links = parsed.attributes.filter(([tag, key]) => tag === 'a' && key === 'href').map(([, , value]) => value);
    expect(links.sort()).toEqual(
      data.issues
        .filter((row) => row.url.startsWith('https:'))
        .map((row) => row.url)
        .sort(),
    );
    expect(links).toHaveLength(2);
    expect(html).toContain('view="issues"');
  });

  it('renders the changelog view with the notes formatted and sanitised, from HTML and from a document', async () => {
    for (const notes of [
      '<p>Dark <strong onclick="alert(1)">mode</strong> &amp; more</p><script>alert(1)</script><p>Second</p>',
      {
        type: 'doc' as const,
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Dark ' },
              { type: 'text', text: 'mode', marks: [{ type: 'bold' }] },
              { type: 'text', text: ' & more' },
            ],
          },
          { type: 'paragraph', content: [{ type: 'text', text: 'Second' }] },
        ],
      },
    ]) {
      const data = fromPortal(portal({ latestChangelog: changelog({ title: 'Release 2', notes }) }));
      const html = await renderRoadmap({ workspace: WORKSPACE_ID, data, view: 'changelog', stylesheet: STYLESHEET });
      const parsed = expectContained(html, data);
      expect(parsed.text).toContain('Release 2');
      expect(html).toContain('<div class="hk-notes"><p>Dark <strong>mode</strong> &amp; more</p><p>Second</p></div>');
      expect(parsed.text).not.toContain('alert');
    }
    const empty = fromPortal(portal({ latestChangelog: null }));
    const html = await renderRoadmap({
      workspace: WORKSPACE_ID,
      data: empty,
      view: 'changelog',
      stylesheet: STYLESHEET,
    });
    expect(parse(html).text).toContain('No updates published yet.');
  });

  // 47 values, each rendered in three views: on a loaded two-core machine this outlasts the default 5 s.
  it('keeps hostile names, descriptions, titles and notes inside the markup and the JSON script', async () => {
    const values = [
      ...XSS_PAYLOADS,
      '</script><script>alert(1)</script>',
      '\u2028\u2029',
      '<!--',
      ']]>',
      ...fc.sample(hostileString, { numRuns: 40, seed: 24 }),
    ];
    for (const [index, value] of values.entries()) {
      const data = fromPortal(
        portal({
          workspace: workspace({ name: value }),
          latestChangelog: changelog({ title: value, notes: value }),
          projects: [project('p1', { name: value, description: value, state: value, icon: value, color: value })],
          issues: [
            issue('i1', {
              title: value,
              identifier: value,
              priority: value,
              status: value,
              summary: [value],
              url: value,
            }),
          ],
        }),
      );
      for (const view of VIEWS) {
        const html = await renderRoadmap({
          workspace: WORKSPACE_ID,
          data,
          view,
          nonce: `n${index}`,
          stylesheet: STYLESHEET,
        });
        const parsed = expectContained(html, data);
        expect(parsed.tags.filter((tag) => tag === 'hearken-roadmap')).toHaveLength(1);
        if (view !== 'changelog' && value.trim()) expect(parsed.text).toContain(value.replace(/\r\n?/g, '\n').trim());
      }
    }
  }, 30_000);

  it('themes light and dark by class and data-scheme, with the workspace colours only in the nonce style', async () => {
    const data = fromPortal(
      portal({
        workspace: workspace({ accentColor: '#ff0000', darkMode: true }),
        projects: [project('p1', { color: '#00ff00' })],
      }),
    );
    const dark = await renderRoadmap({ workspace: WORKSPACE_ID, data, stylesheet: STYLESHEET });
    expect(dark).toContain('data-scheme="dark"');
    expect(dark).not.toContain('<style');
    const light = await renderRoadmap({ workspace: WORKSPACE_ID, data, theme: 'light', nonce: 'abc' });
    expect(light).toContain('data-scheme="light"');
    expect(light).toMatch(/<style nonce="abc">[^<]*--hk-ws-accent:#ff0000/);
    expect(light).toContain('.hk-item-0{--hk-item:#00ff00}');
    expect(light).toContain('class="hk-card hk-item-0"');
    expect(light).toContain('.hk-progress[aria-valuenow="55"]');
    expect(await renderRoadmap({ workspace: WORKSPACE_ID, data, theme: 'auto', nonce: 'abc' })).toContain(
      'data-scheme="auto"',
    );
  });

  it('speaks the five languages, Arabic right to left', async () => {
    const data = fromPortal();
    const tables = { en, de: de.default, fr: fr.default, es: es.default, ar: ar.default };
    for (const language of ['en', 'de', 'fr', 'es', 'ar'] as const) {
      const html = await renderRoadmap({ workspace: WORKSPACE_ID, data, language, stylesheet: STYLESHEET });
      expect(html).toContain(`lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
      expect(html).toContain(`language="${language}"`);
      expect(parse(html).text).toContain(`${tables[language].issues}${tables[language].changelog}`);
    }
  });

  it('names the field of missing options', async () => {
    await expect(renderRoadmap({ workspace: '', stylesheet: STYLESHEET, apiBase: API })).rejects.toMatchObject({
      name: 'RenderOptionsError',
      field: 'workspace',
    });
    await expect(renderRoadmap({ workspace: WORKSPACE_ID, stylesheet: STYLESHEET })).rejects.toBeInstanceOf(
      RenderOptionsError,
    );
    await expect(renderRoadmap({ workspace: WORKSPACE_ID, apiBase: API })).rejects.toMatchObject({
      field: 'stylesheet',
    });
  });
});

describe('reading through the portal client', () => {
  it('reads the workspace, projects and issues when no data is given', async () => {
    const api = createFakeApi(portal());
    const html = await renderRoadmap({
      workspace: WORKSPACE_ID,
      apiBase: API,
      fetch: api.fetch,
      stylesheet: STYLESHEET,
    });
    expect(api.reads()).toHaveLength(3);
    expect(parse(html).text).toContain('Teleport');
    expect(html).toContain(`api-base="${API}"`);
  });

  it('reuses what it read until revalidateSeconds pass, then reads again with the ETag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = createFakeApi(portal());
    const renderer = createRoadmapRenderer({ revalidateSeconds: 30 });
    const options = { workspace: WORKSPACE_ID, apiBase: API, fetch: api.fetch, stylesheet: STYLESHEET };
    await renderer.render(options);
    expect(api.reads()).toHaveLength(3);
    api.update({ projects: [project('p9', { name: 'Moon base' })] });
    const cached = await renderer.render({ ...options, view: 'issues' });
    expect(api.reads()).toHaveLength(3);
    expect(cached).toContain('Fix login');
    vi.advanceTimersByTime(31_000);
    const fresh = await renderer.render(options);
    expect(api.reads()).toHaveLength(6);
    expect(
      api
        .reads()
        .slice(3)
        .every((read) => read.headers.get('if-none-match')),
    ).toBe(true);
    expect(parse(fresh).text).toContain('Moon base');
  });

  it('keeps at most cacheSize reads, the least recently used dropped first, whatever languages visitors send', async () => {
    const api = createFakeApi(portal());
    const renderer = createRoadmapRenderer({ revalidateSeconds: 60, cacheSize: 2 });
    const options = { workspace: WORKSPACE_ID, apiBase: API, fetch: api.fetch, stylesheet: STYLESHEET };
    await renderer.render({ ...options, language: 'de' });
    await renderer.render({ ...options, language: 'fr' });
    expect(api.reads()).toHaveLength(6);
    // Both kept: no read.
    await renderer.render({ ...options, language: 'de' });
    expect(api.reads()).toHaveLength(6);
    // A third language drops the least recently used (fr), not de.
    await renderer.render({ ...options, language: 'zh-Hant-TW' });
    await renderer.render({ ...options, language: 'de' });
    expect(api.reads()).toHaveLength(9);
    await renderer.render({ ...options, language: 'fr' });
    expect(api.reads()).toHaveLength(12);
  });

  it("serves visitors' tags as the widget's languages: one read per language and region, the attribute saying which", async () => {
    const api = createFakeApi(portal());
    const renderer = createRoadmapRenderer({ revalidateSeconds: 60 });
    const options = { workspace: WORKSPACE_ID, apiBase: API, fetch: api.fetch, stylesheet: STYLESHEET };
    const english = await Promise.all(
      ['en', 'en-aar7', 'EN-x-private', 'pt-BR', 'zh-Hant-TW'].map((language) =>
        renderer.render({ ...options, language }),
      ),
    );
    expect(api.reads()).toHaveLength(3);
    for (const html of english) expect(html).toContain('language="en"');
    const austrian = await renderer.render({ ...options, language: 'de_at-1996' });
    await renderer.render({ ...options, language: 'de-AT' });
    expect(austrian).toContain('language="de-AT"');
    expect(api.reads()).toHaveLength(6);
    expect(new URL(api.reads()[5]!.url).searchParams.get('language')).toBe('de-AT');
  });

  it('rejects with the client error when the portal cannot be read, and reads again next time', async () => {
    const api = createFakeApi(portal());
    api.intercept(() => api.json(404, { message: 'Not found', code: 'NOT_FOUND' }));
    const renderer = createRoadmapRenderer({ revalidateSeconds: 30 });
    const options = { workspace: WORKSPACE_ID, apiBase: API, fetch: api.fetch, stylesheet: STYLESHEET };
    await expect(renderer.render(options)).rejects.toMatchObject({ name: 'NotFoundError' });
    api.intercept(undefined);
    expect(parse(await renderer.render(options)).text).toContain('Teleport');
  });
});
