import { createPortalClient, type PortalClient, type Project } from '@hearken/core';
import { loadLocale, parseColor, parseThemeMode, resolveScheme, textDirection, toHex } from '@hearken/ui';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { loadPortal, type RoadmapData } from '../model/load.ts';
import { ATTRIBUTES, parseView } from '../options.ts';
import { catalog } from '../strings.ts';
import { type Translate, translator } from '../view/translate.ts';
import {
  DEFAULT_REVALIDATE_SECONDS,
  RenderOptionsError,
  type RenderRoadmapOptions,
  type RoadmapRendererOptions,
} from './options.ts';
import { scriptJson } from './serialize.ts';
import { paletteCss, SERVER_CSS } from './stylesheet.ts';
import { ServerView } from './views.tsx';

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

/** The tab bar as the element draws it, the current view pressed. */
function tabs(view: string, t: Translate) {
  return h(
    'div',
    { class: 'hk-tabs', role: 'group', 'aria-label': t('viewsLabel') },
    (['roadmap', 'issues', 'changelog'] as const).map((name) =>
      h('button', { key: name, type: 'button', class: 'hk-tab', 'aria-pressed': String(name === view) }, t(name)),
    ),
  );
}

async function renderData(options: RenderRoadmapOptions, data: RoadmapData): Promise<string> {
  const locale = await loadLocale(catalog, options.language);
  const t = translator(locale);
  const view = parseView(options.view);
  const language = options.language || locale.language;

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
  const colorClass = (project: Project) => projectClasses.get(project.id);
  const body = h(ServerView, {
    view,
    input: { projects: data.projects, issues: data.issues, changelog: data.changelog, colorClass, language, t },
  });
  const root = h(
    'div',
    {
      class: 'hk-root hk-roadmap',
      'data-scheme': scheme(options, data),
      lang: language,
      dir: options.language ? textDirection(options.language) : locale.dir,
    },
    h('header', { class: 'hk-header' }, h('h2', { class: 'hk-title' }, data.workspace.name)),
    tabs(view, t),
    h('div', { class: 'hk-view' }, body),
  );
  let css = '';
  if (options.nonce) {
    const items = [...colors].map(([hex, name]) => `.${name}{--hk-item:${hex}}`);
    css = [options.stylesheet ? '' : SERVER_CSS, paletteCss(data.workspace), ...items].join('\n');
  }
  const head = [
    options.stylesheet ? h('link', { rel: 'stylesheet', href: options.stylesheet }) : null,
    // The CSS is ours and hex colours only: nothing in it can close the element.
    css ? h('style', { nonce: options.nonce, dangerouslySetInnerHTML: { __html: css } }) : null,
  ];
  const attributes = {
    [ATTRIBUTES.workspace]: options.workspace,
    [ATTRIBUTES.apiBase]: options.apiBase,
    [ATTRIBUTES.view]: options.view,
    [ATTRIBUTES.theme]: options.theme,
    [ATTRIBUTES.language]: options.language,
    nonce: options.nonce,
  };
  return renderToString(
    h(
      'hearken-roadmap',
      attributes,
      h('template', { shadowrootmode: 'open' }, ...head, root),
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
 * after that the next render reads again, over one portal client per service so its ETags turn
 * unchanged data into a 304.
 */
export function createRoadmapRenderer(options: RoadmapRendererOptions = {}): RoadmapRenderer {
  const revalidateMs = (options.revalidateSeconds ?? DEFAULT_REVALIDATE_SECONDS) * 1000;
  const clients = new Map<string, PortalClient>();
  const cache = new Map<string, { at: number; data: Promise<RoadmapData> }>();

  const read = (render: RenderRoadmapOptions, apiBase: string): Promise<RoadmapData> => {
    const key = JSON.stringify([apiBase, render.workspace, render.language ?? '']);
    const kept = cache.get(key);
    if (kept && Date.now() - kept.at < revalidateMs) return kept.data;
    let client = clients.get(apiBase);
    if (!client) {
      const fetch = render.fetch;
      client = createPortalClient({
        baseUrl: apiBase,
        fetch: (request, init) => (fetch ?? globalThis.fetch)(request, init),
      });
      clients.set(apiBase, client);
    }
    const data = loadPortal(client, render.workspace, render.language, new AbortController().signal);
    const entry = { at: Date.now(), data };
    if (revalidateMs > 0) cache.set(key, entry);
    data.catch(() => cache.get(key) === entry && cache.delete(key));
    return data;
  };

  return {
    async render(render) {
      checkOptions(render);
      const given = render.data;
      const data: RoadmapData = given
        ? { workspaceId: render.workspace, ...given, changelog: given.changelog ?? null }
        : await read(render, render.apiBase!);
      return renderData(render, data);
    },
  };
}

/**
 * `<hearken-roadmap>` with a declarative shadow root holding the view's markup (themed, in the
 * asked language), and the data it was made from in a JSON script inside the element. Reads the
 * portal unless `data` is given; nothing is cached between calls (see {@link createRoadmapRenderer}).
 */
export function renderRoadmap(options: RenderRoadmapOptions): Promise<string> {
  return createRoadmapRenderer({ revalidateSeconds: 0 }).render(options);
}
