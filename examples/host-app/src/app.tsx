import { createPortalClient, type Issue } from '@hearken/core';
import { type FeedbackHandle, mountFeedback } from '@hearken/feedback';
import { mountRoadmap } from '@hearken/roadmap';
import { useEffect, useRef, useState } from 'preact/hooks';
import { config } from './config.ts';
import { EventLog } from './event-log.tsx';

const portal = createPortalClient({ baseUrl: config.apiBase });

/** The app's own issue browser: a list, the issue on screen, and feedback about it. */
export function App() {
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const feedbackHost = useRef<HTMLDivElement>(null);
  const changelogHost = useRef<HTMLDivElement>(null);
  const feedback = useRef<FeedbackHandle | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    portal
      .listIssues(config.workspace, { signal: controller.signal })
      .then((list) => {
        setIssues(list);
        setSelectedId((current) => current ?? list[0]?.id ?? null);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(reason instanceof Error ? reason.message : String(reason));
      });
    return () => controller.abort();
  }, []);

  // The widgets are mounted once into elements this app owns, and removed with them.
  useEffect(() => {
    const handle = mountFeedback(feedbackHost.current!, {
      proxy: config.proxy,
      workspace: config.workspace,
      apiBase: config.apiBase,
      mode: 'launcher',
      theme: 'auto',
      position: 'bottom-left',
    });
    feedback.current = handle;
    const changelog = mountRoadmap(changelogHost.current!, {
      workspace: config.workspace,
      apiBase: config.apiBase,
      view: 'changelog',
      theme: 'auto',
    });
    return () => {
      handle.destroy();
      changelog.destroy();
      feedback.current = null;
    };
  }, []);

  const selected = issues?.find((issue) => issue.id === selectedId) ?? null;

  return (
    <div class="layout">
      <header class="topbar">
        <strong>Lumen Notes</strong>
        <span class="muted">Issue browser · an app using the Hearken npm packages</span>
      </header>
      <nav class="issue-list" aria-label="Issues">
        <h2>Issues</h2>
        {error && <p role="alert">Could not load the issues: {error}</p>}
        {!issues && !error && <p class="muted">Loading issues…</p>}
        <ul>
          {issues?.map((issue) => (
            <li key={issue.id}>
              <button
                type="button"
                class="issue-link"
                aria-current={issue.id === selectedId ? 'true' : undefined}
                onClick={() => setSelectedId(issue.id)}
              >
                <span class="identifier">{issue.identifier}</span> {issue.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main class="detail">
        {selected ? (
          <article aria-labelledby="issue-title">
            <p class="identifier">{selected.identifier}</p>
            <h1 id="issue-title">{selected.title}</h1>
            <dl class="facts">
              <dt>Status</dt>
              <dd>{selected.status}</dd>
              <dt>Priority</dt>
              <dd>{selected.priority}</dd>
              <dt>Upvotes</dt>
              <dd>{selected.upvotes}</dd>
            </dl>
            {selected.summary.length > 0 && (
              <ul class="summary">
                {selected.summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            <button
              type="button"
              class="primary"
              onClick={() =>
                feedback.current?.open({
                  issueId: selected.id,
                  contextTitle: `${selected.identifier} ${selected.title}`,
                  text: `About ${selected.identifier}: `,
                })
              }
            >
              Give feedback on this issue
            </button>
          </article>
        ) : issues || error ? (
          <p class="muted">Choose an issue.</p>
        ) : (
          // The issue's shape while the list loads, so what sits below it (on a phone, the
          // widgets) is where it will stay.
          <article class="placeholder" aria-busy="true" aria-label="Loading the issue">
            <p class="identifier">&nbsp;</p>
            <h1>&nbsp;</h1>
            <dl class="facts">
              <dt>Status</dt>
              <dd>&nbsp;</dd>
              <dt>Priority</dt>
              <dd>&nbsp;</dd>
              <dt>Upvotes</dt>
              <dd>&nbsp;</dd>
            </dl>
            <button type="button" class="primary" disabled>
              Give feedback on this issue
            </button>
          </article>
        )}
        <EventLog />
      </main>
      <aside class="whats-new" aria-labelledby="whats-new-title">
        <h2 id="whats-new-title">What's new</h2>
        <div ref={changelogHost} />
      </aside>
      <div ref={feedbackHost} />
    </div>
  );
}
