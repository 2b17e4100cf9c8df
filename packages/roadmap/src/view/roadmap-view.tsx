import type { Project } from '@hearken/core';
import { parseColor, toHex } from '@hearken/ui';
import type { ReadonlySignal } from '@preact/signals';
import { useContext, useEffect, useRef } from 'preact/hooks';
import type { Group } from '../model/grouping.ts';
import type { Voting } from '../model/voting.ts';
import { ProgressBar } from './progress.tsx';
import { useProgressiveCount } from './progressive.ts';
import { ServerRender } from './render-mode.tsx';
import { useRowCache } from './row-cache.ts';
import { markScrollEdges } from './scroll-edges.ts';
import { EmptyState } from './states.tsx';
import type { Translate } from './translate.ts';
import { VoteControl } from './vote-control.tsx';

interface Props {
  /** Projects in columns by state (read here, so a change re-renders this view alone). */
  columns: ReadonlySignal<readonly Group<Project>[]>;
  votes: Voting;
  t: Translate;
}

// Project icons are short glyphs (emoji); longer values are icon names we cannot draw.
const shortIcon = (icon: string | null) => (icon && [...icon].length <= 2 ? icon : null);

/**
 * One project. Its name and description are the service's text in whatever language they were
 * written: each takes its own direction (bdi, dir=auto), so English in an Arabic widget keeps its
 * full stop at the end.
 */
function ProjectCard({ project, votes, t }: { project: Project; votes: Voting; t: Translate }) {
  const server = useContext(ServerRender);
  const color = project.color && !server ? parseColor(project.color) : null;
  const colorClass = server?.colorClass(project);
  const icon = shortIcon(project.icon);
  return (
    <li>
      <article
        class={colorClass ? `hk-card ${colorClass}` : 'hk-card'}
        style={color ? { '--hk-item': toHex(color) } : undefined}
      >
        <h4 class="hk-card-title">
          <span class="hk-dot" aria-hidden="true">
            {icon}
          </span>
          <bdi>{project.name}</bdi>
        </h4>
        {project.description && (
          <p class="hk-text" dir="auto">
            {project.description}
          </p>
        )}
        {project.progress !== null && <ProgressBar value={project.progress} label={project.name} t={t} />}
        <div class="hk-actions">
          <VoteControl kind="project" item={project} votes={votes} t={t} />
        </div>
      </article>
    </li>
  );
}

// Cards in the first batch, spread over the columns: the first screen; later batches size
// themselves (progressive.ts).
const FIRST_CARDS = 10;

/** Projects in columns by state. */
export function RoadmapView({ columns: grouped, votes, t }: Props) {
  const columns = grouped.value;
  // Columns fill a few cards at a time, evenly, so the first screen is complete early.
  const tallest = Math.max(0, ...columns.map((column) => column.items.length));
  const limit = useProgressiveCount(tallest * columns.length, FIRST_CARDS);
  const perColumn = Math.ceil(limit / Math.max(1, columns.length));
  const card = useRowCache(
    (project: Project) => <ProjectCard key={project.id} project={project} votes={votes} t={t} />,
    [votes, t],
  );
  const board = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLElement>(null);
  useEffect(
    () => (board.current && scroller.current ? markScrollEdges(scroller.current, board.current) : undefined),
    [columns.length],
  );
  if (columns.length === 0) return <EmptyState text={t('noProjects')} />;
  return (
    <div class="hk-board" ref={board}>
      {/* Scrolls sideways when the columns do not fit, so it must be focusable to scroll by keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to be reachable. */}
      <section class="hk-columns" aria-label={t('roadmap')} tabIndex={0} ref={scroller}>
        {columns.map((column) => (
          <section class="hk-column" key={column.state ?? ''}>
            <h3 class="hk-group-title">
              <bdi>{column.state ?? t('noState')}</bdi> <span class="hk-count">{column.items.length}</span>
            </h3>
            <ul class="hk-list">{column.items.slice(0, perColumn).map(card)}</ul>
          </section>
        ))}
      </section>
    </div>
  );
}
