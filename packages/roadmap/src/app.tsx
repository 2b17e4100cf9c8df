import { emit, parseThemeMode, safeUrl, ThemeScope, textDirection, useLocale } from '@hearken/ui';
import type { ComponentChild } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useChangelogSeen } from './changelog-seen.ts';
import { type RoadmapData, type RoadmapError, useRoadmapData } from './data.ts';
import type { RoadmapEventMap } from './events.ts';
import { parseView, type RoadmapOptions, type RoadmapView, resolveApiBase, VIEWS } from './options.ts';
import { catalog } from './strings.ts';
import { type Translate, translator } from './translate.ts';
import { type UpvoteTarget, useUpvotes } from './upvotes.ts';
import { ChangelogView } from './views/changelog-view.tsx';
import { IssuesView } from './views/issues-view.tsx';
import { RoadmapView as RoadmapColumns } from './views/roadmap-view.tsx';
import { ErrorState, Skeleton, StaleNotice } from './views/states.tsx';

export interface RoadmapAppProps {
  options: RoadmapOptions;
  /** Where events are dispatched (the custom element, or the mount target). */
  host: EventTarget;
  /** Called when the reader switches view, so the host can reflect it. */
  onViewChange?: ((view: RoadmapView) => void) | undefined;
  /** Changing this number reloads the data (keeping what is shown until it arrives). */
  refreshToken?: number | undefined;
}

const changelogShown = (data: RoadmapData | null) => Boolean(data?.workspace.changelogPublic && data.changelog);

/** The workspace logo; one that fails to load is dropped rather than shown as a broken image. */
function Logo({ url }: { url: string | null | undefined }) {
  const src = safeUrl(url, 'image');
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return (
    <img
      class="hk-logo"
      src={src}
      alt=""
      width={32}
      height={32}
      referrerpolicy="no-referrer"
      onError={() => setFailed(src)}
    />
  );
}

function Header({ data, refreshing, t }: { data: RoadmapData; refreshing: boolean; t: Translate }) {
  return (
    <header class="hk-header">
      <Logo url={data.workspace.logoUrl} />
      <h2 class="hk-title">{data.workspace.name}</h2>
      {refreshing && (
        <span class="hk-meta" role="status">
          {t('refreshing')}
        </span>
      )}
    </header>
  );
}

function Tabs(props: {
  views: RoadmapView[];
  view: RoadmapView;
  isNew: boolean;
  t: Translate;
  onSelect(view: RoadmapView): void;
}) {
  const { views, view, isNew, t, onSelect } = props;
  return (
    <nav class="hk-tabs" aria-label={t('viewsLabel')}>
      {views.map((name) => (
        <button key={name} type="button" class="hk-tab" aria-pressed={name === view} onClick={() => onSelect(name)}>
          {t(name)}
          {name === 'changelog' && isNew && (
            <span class="hk-badge">
              <span aria-hidden="true">{t('new')}</span>
              <span class="hk-sr-only">, {t('newChangelog')}</span>
            </span>
          )}
        </button>
      ))}
    </nav>
  );
}

/** The whole widget for one set of options: data, theme, strings, views and states. */
export function RoadmapApp({ options, host, onViewChange, refreshToken = 0 }: RoadmapAppProps) {
  const locale = useLocale(catalog, options.language, options.strings);
  const t = useMemo(() => translator(locale), [locale]);
  const workspace = options.workspace || null;
  const [state, reload] = useRoadmapData(
    { apiBase: resolveApiBase(options), workspace, language: options.language, fetch: options.fetch, refreshToken },
    {
      onLoad: (data) =>
        emit<RoadmapEventMap['hearken:load']>(host, 'hearken:load', {
          workspaceId: data.workspaceId,
          projects: data.projects.length,
          issues: data.issues.length,
          changelog: changelogShown(data),
        }),
      onError: (error) => emitError(host, error, 'load'),
    },
  );
  const data = state.status === 'ready' ? state.data : null;
  const upvotes = useUpvotes({
    proxy: options.proxy,
    workspace: workspace ?? '',
    fetch: options.fetch,
    data,
    onVoted: (target: UpvoteTarget, count: number, threadId: string) =>
      emit<RoadmapEventMap['hearken:upvote']>(host, 'hearken:upvote', {
        kind: target.kind,
        id: target.id,
        upvotes: count,
        threadId,
      }),
    onError: (_target, error) => emitError(host, error, 'upvote'),
  });
  const withChangelog = changelogShown(data);
  const [isNew, markSeen] = useChangelogSeen(workspace ?? '', withChangelog ? data!.changelog!.id : null);

  const requested = parseView(options.view);
  const [view, setView] = useState(requested);
  useEffect(() => setView(requested), [requested]);
  const views = VIEWS.filter((name) => withChangelog || name !== 'changelog');
  const select = (next: RoadmapView) => {
    setView(next);
    onViewChange?.(next);
  };

  let body: ComponentChild;
  if (state.status === 'idle') body = <p class="hk-empty">{t('notConfigured')}</p>;
  else if (state.status === 'loading') body = <Skeleton t={t} />;
  else if (state.status === 'error') body = <ErrorState error={state.error} t={t} onRetry={reload} />;
  else {
    const { data: ready } = state;
    body = (
      <>
        <Header data={ready} refreshing={state.refreshing} t={t} />
        <Tabs views={views} view={view} isNew={isNew} t={t} onSelect={select} />
        {state.error && <StaleNotice t={t} onRetry={reload} />}
        <div class="hk-view">
          {view === 'issues' ? (
            <IssuesView issues={ready.issues} upvotes={upvotes} t={t} />
          ) : view === 'changelog' ? (
            <ChangelogView
              changelog={withChangelog ? ready.changelog : null}
              language={locale.language}
              t={t}
              onSeen={markSeen}
            />
          ) : (
            <RoadmapColumns projects={ready.projects} upvotes={upvotes} t={t} />
          )}
        </div>
      </>
    );
  }

  return (
    <ThemeScope
      class="hk-roadmap"
      branding={data?.workspace}
      mode={parseThemeMode(options.theme)}
      lang={options.language || locale.language}
      dir={options.language ? textDirection(options.language) : locale.dir}
    >
      {body}
    </ThemeScope>
  );
}

function emitError(host: EventTarget, { kind: _, ...error }: RoadmapError, source: 'load' | 'upvote'): void {
  emit<RoadmapEventMap['hearken:error']>(host, 'hearken:error', { ...error, source });
}
