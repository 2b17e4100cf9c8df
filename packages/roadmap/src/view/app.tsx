import { anchoredEntry } from '@hearken/core/constants';
import type { Locale } from '@hearken/ui';
import { parseThemeMode, ThemeScope, textDirection, unreadBadge, useLocale } from '@hearken/ui';
import type { ComponentChild } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import type { RoadmapData } from '../model/load.ts';
import type { RoadmapModel } from '../model/roadmap-model.ts';
import { catalog, type RoadmapStrings } from '../strings.ts';
import { loadChangelogView, loadedChangelogView } from './changelog-chunk.ts';
import { IssuesView } from './issues-view.tsx';
import { RemoteImage } from './remote-image.tsx';
import { ServerRender, ServerScope } from './render-mode.tsx';
import { RoadmapView as RoadmapColumns } from './roadmap-view.tsx';
import { ErrorState, StaleNotice } from './states.tsx';
import { type Translate, translator } from './translate.ts';

export interface RoadmapAppProps {
  model: RoadmapModel;
  /** Language of the widget's strings (and of the content, which the model reads in it). */
  language?: string | null | undefined;
  /** `auto`, `light` or `dark`; default the workspace's setting. */
  theme?: string | null | undefined;
  /** Replacement strings, merged over the chosen language. */
  strings?: Partial<RoadmapStrings> | null | undefined;
  /** The language's strings when already loaded (a server render, and the element adopting it): no English first. */
  locale?: Locale<RoadmapStrings> | undefined;
  /** The workspace's logo and name above the view (the `header` option). Default `true`. */
  header?: boolean | undefined;
  /** The tabs between views (the `tabs` option); without them the view never changes by itself. Default `true`. */
  tabs?: boolean | undefined;
}

function Header({ data, refreshing, t }: { data: RoadmapData; refreshing: boolean; t: Translate }) {
  return (
    <header class="hk-header">
      <RemoteImage class="hk-logo" url={data.workspace.logoUrl} width={32} height={32} />
      <h2 class="hk-title">{data.workspace.name}</h2>
      {refreshing && (
        <span class="hk-meta" role="status">
          {t('refreshing')}
        </span>
      )}
    </header>
  );
}

function Tabs({ model, t }: { model: RoadmapModel; t: Translate }) {
  const view = model.view.value;
  const unread = model.changelog.unread.value;
  return (
    // A group of toggle buttons, not a landmark: a page with several roadmaps would list several
    // identical "Views" navigation landmarks to a screen reader.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form fields; these switch views.
    <div class="hk-tabs" role="group" aria-label={t('viewsLabel')}>
      {model.views.value.map((name) => (
        <button
          key={name}
          type="button"
          class="hk-tab"
          aria-pressed={name === view}
          onClick={() => {
            model.view.value = name;
          }}
        >
          {t(name)}
          {name === 'changelog' && unread > 0 && (
            <span class="hk-badge">
              <span aria-hidden="true">{unreadBadge(unread)}</span>
              <span class="hk-sr-only">, {t('newUpdates', { count: unread })}</span>
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

// Coming back to a tab after this long revalidates; with ETags that costs a 304.
const REVALIDATE_AFTER_MS = 60_000;

/** Refreshes when the browser comes back online or the tab is shown again after a while. */
function useRevalidation(model: RoadmapModel): void {
  useEffect(() => {
    const reload = () => model.portal.refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - model.portal.loadedAt > REVALIDATE_AFTER_MS) reload();
    };
    addEventListener('online', reload);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      removeEventListener('online', reload);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [model]);
}

/**
 * A link to a changelog entry (core's `changelogAnchor`) opens the changelog view, unless the
 * widget shows one view without tabs: another widget on the page shows the changelog.
 */
function useAnchorView(model: RoadmapModel, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const open = () => {
      if (anchoredEntry(location.hash)) model.view.value = 'changelog';
    };
    open();
    addEventListener('hashchange', open);
    return () => removeEventListener('hashchange', open);
  }, [model, enabled]);
}

type ChangelogModule = typeof import('./changelog-view.tsx');

/** The changelog view once its chunk is in; until then a status for screen readers, or a retry. */
function LazyChangelog({ model, language, t }: { model: RoadmapModel; language: string; t: Translate }) {
  // Loaded before a server render, and before the element adopts one: it renders at once.
  const [loaded, setLoaded] = useState<ChangelogModule | null>(() => loadedChangelogView() ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    loadChangelogView().then(
      (module) => live && setLoaded(() => module),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  if (loaded)
    return (
      <loaded.ChangelogView changelog={model.changelog} refresh={model.portal.refresh} language={language} t={t} />
    );
  if (failed) {
    return (
      <ErrorState
        error={{ kind: 'network', code: 'network_error', message: 'The changelog could not be loaded' }}
        t={t}
        onRetry={() => {
          setFailed(false);
          setAttempt(attempt + 1);
        }}
      />
    );
  }
  return (
    <p class="hk-sr-only" role="status">
      {t('loading')}
    </p>
  );
}

/** The whole widget over a model: theme, strings, views and states. */
export function RoadmapApp({
  model,
  language,
  theme,
  strings,
  locale: loaded,
  header = true,
  tabs = true,
}: RoadmapAppProps) {
  const locale = useLocale(catalog, language, strings, loaded);
  const server = useContext(ServerRender);
  const t = useMemo(() => translator(locale), [locale]);
  useRevalidation(model);
  useAnchorView(model, tabs);
  const state = model.portal.state.value;
  const view = model.view.value;
  const retry = model.portal.refresh;

  // While loading, the element shows the eager skeleton (mount-view.tsx); this says so to
  // screen readers.
  if (state.status === 'loading') {
    return (
      <p class="hk-sr-only" role="status" lang={language || locale.language}>
        {t('loading')}
      </p>
    );
  }
  let body: ComponentChild;
  if (state.status === 'idle') body = <p class="hk-empty">{t('notConfigured')}</p>;
  else if (state.status === 'error') body = <ErrorState error={state.error} t={t} onRetry={retry} />;
  else {
    const { data: ready } = state;
    body = (
      <>
        {header ? (
          <Header data={ready} refreshing={state.refreshing} t={t} />
        ) : (
          state.refreshing && (
            <span class="hk-sr-only" role="status">
              {t('refreshing')}
            </span>
          )
        )}
        {tabs && <Tabs model={model} t={t} />}
        {state.error && <StaleNotice t={t} onRetry={retry} />}
        <div class="hk-view">
          {view === 'issues' ? (
            <IssuesView search={model.search} issues={ready.issues} votes={model.votes} t={t} />
          ) : view === 'changelog' ? (
            <LazyChangelog model={model} language={locale.language} t={t} />
          ) : (
            <RoadmapColumns columns={model.columns} votes={model.votes} t={t} />
          )}
        </div>
      </>
    );
  }

  if (server) {
    return (
      <ServerScope
        class="hk-roadmap"
        lang={language || locale.language}
        dir={language ? textDirection(language) : locale.dir}
      >
        {body}
      </ServerScope>
    );
  }
  return (
    <ThemeScope
      class="hk-roadmap"
      branding={model.portal.branding.value}
      mode={parseThemeMode(theme)}
      lang={language || locale.language}
      dir={language ? textDirection(language) : locale.dir}
    >
      {body}
    </ThemeScope>
  );
}
