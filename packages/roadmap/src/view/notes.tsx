import { RichText } from '@hearken/ui/rich-text';
import { useContext, useState } from 'preact/hooks';
import { Prerendered, ServerRender } from './render-mode.tsx';

// Hydration leaves an element with inner HTML alone, and an unchanged `__html` is never written
// again: the notes the server wrote stay the same nodes.
const KEEP = { __html: '' };

/**
 * A changelog entry's notes, sanitised: as HTML on a server, kept as the server wrote them when
 * the element adopts that markup (until the notes change: a history page read later brings the
 * same entry as another object), else by the rich-text renderer.
 */
export function Notes({ value }: { value: unknown }) {
  const server = useContext(ServerRender);
  const prerendered = useContext(Prerendered).current;
  const [kept] = useState(() => (prerendered ? JSON.stringify(value) : undefined));
  if (server) return <div class="hk-notes" dangerouslySetInnerHTML={{ __html: server.notesHtml(value) }} />;
  if (kept !== undefined && kept === JSON.stringify(value))
    return <div class="hk-notes" dangerouslySetInnerHTML={KEEP} />;
  return <RichText class="hk-notes" value={value} />;
}
