/**
 * The demo changelog: a year of entries, newest first, in both note forms (rich text and HTML),
 * most with an image served by the server itself, one draft and one archived entry.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { changelogs, workspaces } from '../db/schema.ts';
import { DEMO_ASSETS_PATH } from '../demo-assets.ts';
import { bullets, CHANGELOG, heading, type Node, paragraph, text } from './content.ts';
import type { Random } from './prng.ts';

type Notes = string | { type: 'doc'; content: readonly Node[] } | (typeof CHANGELOG)[number]['notes'];

interface DemoEntry {
  title: string;
  de: string;
  notes: Notes;
  deNotes: Notes | null;
  /** Days before the demo's "now". */
  daysAgo: number;
  /** A file of `assets/demo/`, or none. */
  image: string | null;
  state: 'published' | 'draft' | 'archived';
  /** Index of the demo project the entry belongs to, if any. */
  project: number | null;
}

const doc = (...content: Node[]) => ({ type: 'doc' as const, content });

/** Every entry; the first three are the original demo's, which keep their ids. */
export const DEMO_CHANGELOG: readonly DemoEntry[] = [
  { ...CHANGELOG[0], daysAgo: 5, image: 'dark-mode.svg', state: 'published', project: 0 },
  { ...CHANGELOG[1], daysAgo: 26, image: 'cursor-paging.svg', state: 'published', project: 2 },
  { ...CHANGELOG[2], daysAgo: 47, image: 'exports.svg', state: 'published', project: null },
  {
    title: 'Offline drafts on mobile',
    de: 'Offline-Entwürfe auf dem Handy',
    notes: '<p>Write feedback without a connection; it is sent when you are back online.</p>',
    deNotes: null,
    daysAgo: 2,
    image: 'mobile.svg',
    state: 'draft',
    project: 1,
  },
  {
    title: 'Search that forgives typos',
    de: 'Suche, die Tippfehler verzeiht',
    notes:
      '<p>Search now finds <strong>“dak mode”</strong> too. Results are ranked by how many customers asked.</p><ul><li>Typos and plurals</li><li>Matches in comments</li></ul>',
    deNotes: null,
    daysAgo: 75,
    image: 'search.svg',
    state: 'published',
    project: null,
  },
  {
    title: 'Keyboard shortcuts everywhere',
    de: 'Tastenkürzel überall',
    notes: doc(
      paragraph(text('Press '), text('?', [{ type: 'code' }]), text(' on any screen to see its shortcuts.')),
      bullets('j and k move through threads', 'e archives, s snoozes', 'Every shortcut can be turned off'),
    ),
    deNotes: null,
    daysAgo: 103,
    image: null,
    state: 'published',
    project: null,
  },
  {
    title: 'Better with a screen reader',
    de: 'Besser mit Screenreader',
    notes:
      '<p>Every button has a name, every dialog traps focus and gives it back, and status changes are announced.</p><p>Thanks to everyone who tested with us.</p>',
    deNotes: null,
    daysAgo: 131,
    image: 'accessibility.svg',
    state: 'published',
    project: null,
  },
  {
    title: 'Notifications in your chat',
    de: 'Benachrichtigungen im Chat',
    notes: doc(
      heading(2, 'Never miss a request'),
      paragraph(text('New feedback and status changes can now be posted to a chat channel of your choice.')),
    ),
    deNotes: null,
    daysAgo: 160,
    image: 'integrations.svg',
    state: 'published',
    project: 4,
  },
  {
    title: 'The old CSV importer',
    de: 'Der alte CSV-Import',
    notes: '<p>Replaced by the new importer; this entry is kept for the record.</p>',
    deNotes: null,
    daysAgo: 190,
    image: null,
    state: 'archived',
    project: null,
  },
  {
    title: 'Bulk actions for threads',
    de: 'Massenaktionen für Threads',
    notes: '<p>Select up to 100 threads and change their state, owner or snooze date <em>at once</em>.</p>',
    deNotes: null,
    daysAgo: 215,
    image: null,
    state: 'published',
    project: 2,
  },
  {
    title: 'Your own domain for the portal',
    de: 'Eigene Domain für das Portal',
    notes: doc(
      paragraph(
        text('Serve the portal at '),
        text('feedback.your-company.com', [{ type: 'code' }]),
        text('; certificates are renewed for you.'),
      ),
    ),
    deNotes: null,
    daysAgo: 245,
    image: null,
    state: 'published',
    project: null,
  },
  {
    title: 'Roadmaps in your customers’ language',
    de: 'Roadmaps in der Sprache Ihrer Kunden',
    notes: '<p>Project names and descriptions can be translated; visitors see their own language where one exists.</p>',
    deNotes: '<p>Projektnamen und Beschreibungen lassen sich übersetzen.</p>',
    daysAgo: 280,
    image: 'search.svg',
    state: 'published',
    project: 3,
  },
  {
    title: 'Webhooks',
    de: 'Webhooks',
    notes: doc(
      paragraph(text('Get a signed HTTP call when feedback arrives, changes or is deleted.')),
      bullets('Standard Webhooks signatures', 'Retries with backoff', 'Delivery history for 30 days'),
    ),
    deNotes: null,
    daysAgo: 310,
    image: 'integrations.svg',
    state: 'published',
    project: 2,
  },
  {
    title: 'Welcome to the new portal',
    de: 'Willkommen im neuen Portal',
    notes: '<p>Our roadmap and changelog are now public. Vote on what matters to you, and follow along here.</p>',
    deNotes: null,
    daysAgo: 350,
    image: 'exports.svg',
    state: 'published',
    project: null,
  },
];

const DAY = 24 * 60 * 60 * 1000;
/** Where images point until `pointDemoAssetsAt` names the running server's origin. */
const PLACEHOLDER_ORIGIN = 'http://127.0.0.1:4000';

/**
 * The rows of `DEMO_CHANGELOG`, versions counting up from the oldest. The first three take
 * `originalIds` (drawn where the original demo drew them, so everything seeded after keeps its
 * values); the others draw theirs from `random`.
 */
export function demoChangelogRows(
  workspaceId: string,
  base: number,
  projectIds: readonly string[],
  originalIds: readonly string[],
  random: Random,
) {
  const byAge = [...DEMO_CHANGELOG].sort((a, b) => b.daysAgo - a.daysAgo);
  return DEMO_CHANGELOG.map((entry, i) => {
    const date = new Date(base - entry.daysAgo * DAY);
    return {
      id: originalIds[i] ?? random.uuid(),
      workspaceId,
      projectId: entry.project === null ? null : (projectIds[entry.project] ?? null),
      title: entry.title,
      notes: entry.notes,
      date,
      version: byAge.indexOf(entry) + 1,
      published: entry.state !== 'draft',
      archived: entry.state === 'archived',
      imageUrl: entry.image ? `${PLACEHOLDER_ORIGIN}${DEMO_ASSETS_PATH}${entry.image}` : null,
      createdAt: date,
      updatedAt: date,
    };
  });
}

/**
 * Points the demo workspace's logo and its changelog images at `origin`, the server's own: run
 * on every seed, since a restarted server may listen elsewhere. An image set through the API
 * (not one of the demo's files) is left alone.
 */
export async function pointDemoAssetsAt(tx: Orm, workspaceId: string, origin: string): Promise<void> {
  const base = new URL(DEMO_ASSETS_PATH, origin).href;
  await tx
    .update(workspaces)
    .set({ logoUrl: `${base}logo.svg` })
    .where(eq(workspaces.id, workspaceId));
  await tx
    .update(changelogs)
    .set({ imageUrl: sql`${base} || substring(${changelogs.imageUrl} from ${`${DEMO_ASSETS_PATH}([^/]+)$`})` })
    .where(and(eq(changelogs.workspaceId, workspaceId), like(changelogs.imageUrl, `%${DEMO_ASSETS_PATH}%`)));
}
