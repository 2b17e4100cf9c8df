import { useEffect, useState } from 'preact/hooks';

/** The widget events this app listens to, as it would to forward them to its analytics. */
const EVENTS = ['hearken:open', 'hearken:submit', 'hearken:success', 'hearken:error', 'hearken:upvote', 'hearken:load'];

interface Entry {
  id: number;
  type: string;
  detail: string;
}

export function EventLog() {
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    let next = 0;
    const record = (event: Event) => {
      const detail = event instanceof CustomEvent ? JSON.stringify(event.detail ?? null) : 'null';
      setEntries((current) => [{ id: next++, type: event.type, detail }, ...current].slice(0, 20));
    };
    for (const type of EVENTS) document.addEventListener(type, record);
    return () => {
      for (const type of EVENTS) document.removeEventListener(type, record);
    };
  }, []);
  return (
    <section class="event-log" aria-labelledby="event-log-title">
      <h2 id="event-log-title">Widget events</h2>
      {/* A panel of fixed height that scrolls, so an event arriving moves nothing below it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to be reachable. */}
      <div class="event-entries" role="log" tabIndex={0} aria-labelledby="event-log-title">
        {entries.length === 0 ? (
          <p class="muted">No events yet.</p>
        ) : (
          <ol data-testid="event-log">
            {entries.map((entry) => (
              <li key={entry.id}>
                <code>{entry.type}</code> <span class="muted">{entry.detail}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
