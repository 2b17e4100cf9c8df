import type { Changelog, Issue, Project } from '@hearken/core';
import { formatDate, safeUrl } from '@hearken/ui';
import { groupByState } from '../model/grouping.ts';
import type { RoadmapView } from '../options.ts';
import { changelogAnchor } from '../view/changelog-anchor.ts';
import type { Translate } from '../view/translate.ts';
import { notesParagraphs } from './notes.ts';

/** What a server view reads: the portal data and, per project colour, a class the page's style sets. */
export interface ViewInput {
  projects: readonly Project[];
  issues: readonly Issue[];
  changelog: Changelog | null;
  /** Class carrying a project's colour (`--hk-item`), when a style for it is emitted. */
  colorClass: (project: Project) => string | undefined;
  language: string;
  t: Translate;
}

// As the element: project icons are short glyphs (emoji); longer values are icon names.
const shortIcon = (icon: string | null) => (icon && [...icon].length <= 2 ? icon : null);

const webUrl = (url: string) => {
  const safe = safeUrl(url, 'link');
  return safe?.startsWith('http') ? safe : null;
};

function Votes({ count, t }: { count: number; t: Translate }) {
  return <span class="hk-votes">{t('upvotes', { count })}</span>;
}

function ProjectCard({ project, input }: { project: Project; input: ViewInput }) {
  const { t } = input;
  const colorClass = input.colorClass(project);
  const progress = project.progress === null ? null : Math.round(Math.min(100, Math.max(0, project.progress)));
  return (
    <li>
      <article class={colorClass ? `hk-card ${colorClass}` : 'hk-card'}>
        <h4 class="hk-card-title">
          <span class="hk-dot" aria-hidden="true">
            {shortIcon(project.icon)}
          </span>
          <bdi>{project.name}</bdi>
        </h4>
        {project.description && (
          <p class="hk-text" dir="auto">
            {project.description}
          </p>
        )}
        {progress !== null && (
          <div
            class="hk-progress"
            role="progressbar"
            aria-label={`${t('progress')}: ${project.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={t('progressValue', { value: progress })}
          >
            <span class="hk-progress-fill" />
          </div>
        )}
        <div class="hk-actions">
          <Votes count={project.upvotes} t={t} />
        </div>
      </article>
    </li>
  );
}

function Columns({ input }: { input: ViewInput }) {
  const { t } = input;
  const columns = groupByState(
    input.projects.slice(),
    (project) => project.state,
    (project) => project.name,
  );
  if (columns.length === 0) return <p class="hk-empty">{t('noProjects')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to be reachable, as in the element.
    <section class="hk-columns" aria-label={t('roadmap')} tabIndex={0}>
      {columns.map((column) => (
        <section class="hk-column" key={column.state ?? ''}>
          <h3 class="hk-group-title">
            <bdi>{column.state ?? t('noState')}</bdi> <span class="hk-count">{column.items.length}</span>
          </h3>
          <ul class="hk-list">
            {column.items.map((project) => (
              <ProjectCard key={project.id} project={project} input={input} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function IssueRow({ issue, t }: { issue: Issue; t: Translate }) {
  const url = webUrl(issue.url);
  return (
    <li>
      <article class="hk-issue">
        <h4 class="hk-card-title">
          <span class="hk-id">{issue.identifier}</span> <bdi>{issue.title}</bdi>
        </h4>
        {issue.priority && <p class="hk-meta">{t('priority', { priority: `\u2068${issue.priority}\u2069` })}</p>}
        {issue.summary.length > 0 && (
          <ul class="hk-summary">
            {issue.summary.map((line, index) => (
              <li key={index} dir="auto">
                {line}
              </li>
            ))}
          </ul>
        )}
        <div class="hk-actions">
          <Votes count={issue.upvotes} t={t} />
          {url && (
            <a class="hk-link" href={url} target="_blank" rel="noopener noreferrer">
              {t('openIssue', { identifier: issue.identifier })}
            </a>
          )}
        </div>
      </article>
    </li>
  );
}

function Issues({ input }: { input: ViewInput }) {
  const { t } = input;
  if (input.issues.length === 0) return <p class="hk-empty">{t('noIssues')}</p>;
  const groups = groupByState(
    input.issues.slice(),
    (issue) => issue.status,
    (issue) => issue.title,
  );
  return (
    <div>
      {groups.map((group) => (
        <section class="hk-group" key={group.state ?? ''}>
          <h3 class="hk-group-title">
            <bdi>{group.state ?? t('noState')}</bdi> <span class="hk-count">{group.items.length}</span>
          </h3>
          <ul class="hk-list">
            {group.items.map((issue) => (
              <IssueRow key={issue.id} issue={issue} t={t} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function ChangelogEntry({ input }: { input: ViewInput }) {
  const { changelog: entry, t, language } = input;
  if (!entry) return <p class="hk-empty">{t('noChangelog')}</p>;
  const image = safeUrl(entry.imageUrl, 'image');
  return (
    <article id={changelogAnchor(entry.id)} class="hk-changelog">
      <h3 class="hk-changelog-title" dir="auto">
        {entry.title}
      </h3>
      <p class="hk-meta">
        <time dateTime={entry.date}>{t('publishedOn', { date: formatDate(entry.date, language) })}</time>
        {entry.version ? <span> · {t('version', { version: entry.version })}</span> : null}
      </p>
      {image && <img class="hk-changelog-image" alt="" src={image} loading="lazy" referrerpolicy="no-referrer" />}
      <div dir="auto" class="hk-notes">
        {notesParagraphs(entry.notes).map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </div>
    </article>
  );
}

/** The body of one view, as the element lays it out. */
export function ServerView({ view, input }: { view: RoadmapView; input: ViewInput }) {
  if (view === 'issues') return <Issues input={input} />;
  if (view === 'changelog') return <ChangelogEntry input={input} />;
  return <Columns input={input} />;
}
