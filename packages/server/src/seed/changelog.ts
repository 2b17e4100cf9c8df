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
  /** The demo issues it ships (their `key`), its `issue_ids`: the widgets' "Shipped in" finds it by them. */
  ships?: readonly string[];
}

const doc = (...content: Node[]) => ({ type: 'doc' as const, content });

/** Every entry; the first three are the original demo's, which keep their ids. */
export const DEMO_CHANGELOG: readonly DemoEntry[] = [
  { ...CHANGELOG[0], ships: ['dark-editor'], daysAgo: 5, image: 'dark-mode.svg', state: 'published', project: 0 },
  { ...CHANGELOG[1], ships: ['code-blocks'], daysAgo: 26, image: 'code-blocks.svg', state: 'published', project: null },
  { ...CHANGELOG[2], ships: ['trash-restore'], daysAgo: 47, image: 'exports.svg', state: 'published', project: null },
  {
    title: 'Offline editing on mobile',
    de: 'Offline bearbeiten auf dem Handy',
    notes: '<p>Open and edit notes without a connection; your changes sync when you are back online.</p>',
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
      '<p>Search now finds <strong>“meeting notse”</strong> too. The notes you edited last come first.</p><ul><li>Typos and plurals</li><li>Matches in attachment names</li></ul>',
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
      bullets('j and k move through the note list', 'p pins a note, # adds a tag', 'Every shortcut can be turned off'),
    ),
    deNotes: null,
    daysAgo: 103,
    image: null,
    state: 'published',
    project: null,
  },
  {
    title: 'Your own font size and line spacing',
    de: 'Eigene Schriftgröße und eigener Zeilenabstand',
    notes:
      '<p>Settings › Appearance now sets the size of the text and the space between lines, for the editor alone or the whole app.</p><p>Thanks to everyone who tested it with us.</p>',
    deNotes: null,
    daysAgo: 131,
    image: 'accessibility.svg',
    state: 'published',
    project: 6,
    ships: ['font-size'],
  },
  {
    title: 'Pinned notes',
    de: 'Angeheftete Notizen',
    notes: doc(
      heading(2, 'Keep the important ones first'),
      paragraph(text('Pin a note and it stays at the top of its notebook, however many notes come after it.')),
    ),
    deNotes: null,
    daysAgo: 160,
    image: 'integrations.svg',
    state: 'published',
    project: null,
    ships: ['pin-notes'],
  },
  {
    title: 'The old web clipper',
    de: 'Der alte Web-Clipper',
    notes: '<p>Replaced by the browser extension; this entry is kept for the record.</p>',
    deNotes: null,
    daysAgo: 190,
    image: null,
    state: 'archived',
    project: null,
  },
  {
    title: 'Note templates',
    de: 'Notizvorlagen',
    notes:
      '<p>Save any note as a template and start meeting notes, journals and checklists from it <em>in one click</em>.</p>',
    deNotes: null,
    daysAgo: 215,
    image: null,
    state: 'published',
    project: null,
    ships: ['templates'],
  },
  {
    title: 'Publish a note as a web page',
    de: 'Eine Notiz als Webseite veröffentlichen',
    notes: doc(
      paragraph(
        text('Share › Publish gives a note its own address, like '),
        text('lumen.page/ada/trip-plan', [{ type: 'code' }]),
        text('; unpublish it any time.'),
      ),
    ),
    deNotes: null,
    daysAgo: 245,
    image: null,
    state: 'published',
    project: null,
    ships: ['public-link'],
  },
  {
    title: 'Lumen Notes in German and French',
    de: 'Lumen Notes auf Deutsch und Französisch',
    notes:
      '<p>The apps and the help centre now speak German and French; notes stay in whatever language you write them.</p>',
    deNotes:
      '<p>Die Apps und die Hilfe sprechen jetzt Deutsch und Französisch; Notizen bleiben in der Sprache, in der Sie sie schreiben.</p>',
    daysAgo: 280,
    image: 'search.svg',
    state: 'published',
    project: null,
  },
  {
    title: 'Two-factor sign-in',
    de: 'Anmeldung mit zwei Faktoren',
    notes: doc(
      paragraph(text('Protect your notes with a code from an authenticator app when you sign in.')),
      bullets('Any TOTP app works', 'Ten recovery codes to print', 'Team admins can require it'),
    ),
    deNotes: null,
    daysAgo: 310,
    image: 'integrations.svg',
    state: 'published',
    project: 3,
    ships: ['two-factor'],
  },
  {
    title: 'Welcome to our public roadmap',
    de: 'Willkommen bei unserer öffentlichen Roadmap',
    notes:
      '<p>What we plan for Lumen Notes and what we ship are now public. Vote on what matters to you, and follow along here.</p>',
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
  /** The seeded issues' ids by their `key`. */
  issueIds: ReadonlyMap<string, string>,
) {
  const byAge = [...DEMO_CHANGELOG].sort((a, b) => b.daysAgo - a.daysAgo);
  return DEMO_CHANGELOG.map((entry, i) => {
    const date = new Date(base - entry.daysAgo * DAY);
    const ships = (entry.ships ?? []).map((key) => {
      const id = issueIds.get(key);
      if (!id) throw new Error(`the demo changelog ships an issue the seed lacks: ${key}`);
      return id;
    });
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
      issueIds: ships,
      // Published before the demo's "now": its followers count as told, so no seed mails them.
      announcedIssueIds: entry.state === 'draft' ? [] : ships,
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
