import { createPortalClient, type PortalClient, type Project } from '@hearken/core';
import { loadLocale, parseColor, parseThemeMode, resolveScheme, supportedTag, toHex } from '@hearken/ui';
import { LRUCache } from 'lru-cache';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { loadPortal, type RoadmapData } from '../model/load.ts';
import { createRoadmapModel } from '../model/roadmap-model.ts';
import { ROADMAP_OPTIONS } from '../options.ts';
import { catalog } from '../strings.ts';
import { RoadmapApp } from '../view/app.tsx';
import { loadChangelogView } from '../view/changelog-chunk.ts';
import { Prerendered, type ServerMarkup, ServerRender } from '../view/render-mode.tsx';
import { notesHtml } from './notes-html.ts';
import {
  DEFAULT_RENDERER_CACHE_SIZE,
  DEFAULT_REVALIDATE_SECONDS,
  ELEMENT_OPTIONS,
  RenderOptionsError,
  type RenderRoadmapOptions,
  type RoadmapRendererOptions,
} from './options.ts';
import { scriptJson } from './serialize.ts';
import { paletteCss, SERVER_CSS } from './stylesheet.ts';

/** Renders roadmaps, reusing what it read for `revalidateSeconds`. */
export interface RoadmapRenderer {
  render(options: RenderRoadmapOptions): Promise<string>;
}

function checkOptions(options: RenderRoadmapOptions): void {
  if (typeof options.workspace !== 'string' || options.workspace.trim() === '')
    throw new RenderOptionsError('workspace', 'a workspace id is required');
  if (!options.data && !options.apiBase) throw new RenderOptionsError('apiBase', 'required when no data is given');
  if (!options.stylesheet && !options.nonce)
    throw new RenderOptionsError('stylesheet', 'pass the stylesheet URL, or a nonce to inline the styles');
}

const scheme = (options: RenderRoadmapOptions, data: RoadmapData) => {
  const mode = parseThemeMode(options.theme);
  return mode === 'auto' ? 'auto' : resolveScheme(mode, false, data.workspace.darkMode);
};

// The model of a server render has its data and must read nothing (the changelog history, say).
const noReads = () => Promise.reject(new Error('A server render reads nothing through its model'));

/** The element's own view tree over the data, as HTML: the element hydrates the same tree. */
async function viewHtml(options: RenderRoadmapOptions, data: RoadmapData, colorClass: ServerMarkup['colorClass']) {
  const [locale] = await Promise.all([loadLocale(catalog, options.language), loadChangelogView()]);
  const model = createRoadmapModel({
    workspace: options.workspace,
    apiBase: options.apiBase,
    proxy: options.proxy,
    language: options.language,
    view: options.view,
    storage: null,
    fetch: noReads,
    initialData: data,
  });
  const markup: ServerMarkup = { scheme: scheme(options, data), colorClass, notesHtml };
  try {
    return renderToString(
      <ServerRender.Provider value={markup}>
        <Prerendered.Provider value={{ current: true }}>
          <RoadmapApp
            model={model}
            language={options.language}
            theme={options.theme}
            locale={locale}
            header={ROADMAP_OPTIONS.fields.header.parse(options.header)}
            tabs={ROADMAP_OPTIONS.fields.tabs.parse(options.tabs)}
          />
        </Prerendered.Provider>
      </ServerRender.Provider>,
    );
  } finally {
    model.dispose();
  }
}

async function renderData(options: RenderRoadmapOptions, data: RoadmapData): Promise<string> {
  // Project colours become classes the nonce'd style sets: an inline style would need unsafe-inline.
  const colors = new Map<string, string>();
  const projectClasses = new Map<string, string>();
  for (const project of options.nonce ? data.projects : []) {
    const parsed = project.color ? parseColor(project.color) : null;
    if (!parsed) continue;
    const hex = toHex(parsed);
    if (!colors.has(hex)) colors.set(hex, `hk-item-${colors.size}`);
    projectClasses.set(project.id, colors.get(hex)!);
  }
  const view = await viewHtml(options, data, (project: Project) => projectClasses.get(project.id));
  let css = '';
  if (options.nonce) {
    const items = [...colors].map(([hex, name]) => `.${name}{--hk-item:${hex}}`);
    css = [options.stylesheet ? '' : SERVER_CSS, paletteCss(data.workspace), ...items].join('\n');
  }
  const attributes = Object.fromEntries(
    ELEMENT_OPTIONS.map((name) => [ROADMAP_OPTIONS.attributeOf(name), options[name]]),
  );
  return renderToString(
    h(
      'hearken-roadmap',
      attributes,
      h(
        'template',
        { shadowrootmode: 'open' },
        options.stylesheet ? h('link', { rel: 'stylesheet', href: options.stylesheet }) : null,
        // The CSS is ours and hex colours only: nothing in it can close the element.
        css ? h('style', { nonce: options.nonce, dangerouslySetInnerHTML: { __html: css } }) : null,
        // The element's render target (mountShadow's), holding the view it hydrates.
        h('div', { 'data-hk-mount': '', dangerouslySetInnerHTML: { __html: view } }),
      ),
      h('script', {
        type: 'application/json',
        'data-hearken-data': '',
        dangerouslySetInnerHTML: { __html: scriptJson(data) },
      }),
    ),
  );
}

/**
 * A renderer keeping what it read per service, workspace and language for `revalidateSeconds`;
 * after that the next render reads again, over the portal client of that entry so its ETags turn
 * unchanged data into a 304. At most `cacheSize` entries are kept, least recently used dropped
 * first (lru-cache), each with its client: a host passing visitors' languages cannot grow it.
 */
export function createRoadmapRenderer(options: RoadmapRendererOptions = {}): RoadmapRenderer {
  const revalidateMs = (options.revalidateSeconds ?? DEFAULT_REVALIDATE_SECONDS) * 1000;
  const cache = new LRUCache<string, { client: PortalClient; at: number; data: Promise<RoadmapData> }>({
    max: options.cacheSize ?? DEFAULT_RENDERER_CACHE_SIZE,
  });

  const read = (render: RenderRoadmapOptions, apiBase: string): Promise<RoadmapData> => {
    const key = JSON.stringify([apiBase, render.workspace, render.language ?? '']);
    const kept = cache.get(key);
    if (kept && Date.now() - kept.at < revalidateMs) return kept.data;
    const fetch = render.fetch;
    // One client per entry: its ETag cache holds this entry's reads only, and goes with it.
    const client =
      kept?.client ??
      createPortalClient({
        baseUrl: apiBase,
        fetch: (request, init) => (fetch ?? globalThis.fetch)(request, init),
      });
    // No signal: nothing abandons a server's read, and on Node each read given one (ky joins it to its
    // own with AbortSignal.any) is held with its request and streams until a later task runs the
    // undici Request's finalizer: a host rendering many pages in one task kept every read it made.
    const data = loadPortal(client, render.workspace, render.language);
    const entry = { client, at: Date.now(), data };
    if (revalidateMs > 0) cache.set(key, entry);
    data.catch(() => cache.get(key) === entry && cache.delete(key));
    return data;
  };

  return {
    async render(given) {
      checkOptions(given);
      // The visitor's tag as the widget serves it, before anything keys, reads or formats by it: distinct
      // tags become a few cache entries, and the element's attribute says the language its view is in.
      const render = given.language == null ? given : { ...given, language: supportedTag(catalog, given.language) };
      const kept = render.data;
      const data: RoadmapData = kept
        ? { workspaceId: render.workspace, ...kept, changelog: kept.changelog ?? null }
        : await read(render, render.apiBase!);
      return renderData(render, data);
    },
  };
}

/**
 * `<hearken-roadmap>` with a declarative shadow root holding the element's own view (themed, in
 * the asked language), and the data it was made from in a JSON script inside the element: once
 * its script runs, the element adopts both. Reads the portal unless `data` is given; nothing is
 * cached between calls (see {@link createRoadmapRenderer}).
 */
export function renderRoadmap(options: RenderRoadmapOptions): Promise<string> {
  return createRoadmapRenderer({ revalidateSeconds: 0 }).render(options);
}
