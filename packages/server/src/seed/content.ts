/** Fixed texts of the demo workspace; the generator in `demo.ts` combines them deterministically. */

export const PROJECTS = [
  {
    name: 'Dark mode everywhere',
    state: 'completed',
    progress: 100,
    color: '#6366f1',
    icon: 'moon',
    de: 'Dunkelmodus überall',
    description: 'The editor, the note list, shared pages and emails follow the system theme.',
    deDescription: 'Editor, Notizliste, geteilte Seiten und E-Mails folgen dem Systemthema.',
  },
  {
    name: 'Mobile app',
    state: 'started',
    progress: 62,
    color: '#0ea5e9',
    icon: 'smartphone',
    de: 'Mobile App',
    description: 'Native iOS and Android apps that open and edit notes offline.',
    deDescription: 'Native Apps für iOS und Android, die Notizen auch offline öffnen und bearbeiten.',
  },
  {
    name: 'Notes API',
    state: 'started',
    progress: 85,
    color: '#10b981',
    icon: 'code',
    de: 'Notizen-API',
    description: 'Create and update notes from your own code, and hear when they change.',
    deDescription: 'Notizen aus eigenem Code anlegen und ändern und von Änderungen erfahren.',
  },
  {
    name: 'Single sign-on',
    state: 'planned',
    progress: 10,
    color: '#f59e0b',
    icon: 'key',
    de: 'Single Sign-on',
    description: 'Two-factor, Google and SAML sign-in for teams.',
    deDescription: 'Zwei-Faktor-, Google- und SAML-Anmeldung für Teams.',
  },
  {
    name: 'Exports and reports',
    state: 'planned',
    progress: 0,
    color: '#ef4444',
    icon: 'chart',
    de: 'Exporte und Berichte',
    description: 'PDF exports, storage use and team activity at a glance.',
    deDescription: 'PDF-Exporte, Speichernutzung und Team-Aktivität auf einen Blick.',
  },
  {
    name: 'Slack integration',
    state: 'backlog',
    progress: null,
    color: '#8b5cf6',
    icon: 'message',
    de: 'Slack-Integration',
    description: 'Send notes to a channel and save messages as notes.',
    deDescription: 'Notizen in einen Kanal senden und Nachrichten als Notizen speichern.',
  },
  {
    name: 'Accessibility audit',
    state: 'paused',
    progress: 40,
    color: '#14b8a6',
    icon: 'accessibility',
    de: 'Barrierefreiheits-Audit',
    description: 'WCAG 2.2 AA in the editor, the sidebar and the apps.',
    deDescription: 'WCAG 2.2 AA in Editor, Seitenleiste und Apps.',
  },
  {
    name: 'Legacy importer',
    state: 'canceled',
    progress: 20,
    color: '#64748b',
    icon: 'archive',
    de: 'Import aus Altsystemen',
    description: 'Bring notebooks over from Evernote and other notes apps.',
    deDescription: 'Notizbücher aus Evernote und anderen Notiz-Apps übernehmen.',
  },
] as const;

export const ISSUE_PRIORITIES = ['Urgent', 'High', 'Medium', 'Low', 'No priority'] as const;

export const COMPANIES = [
  ['Northwind Traders', 'northwind.com'],
  ['Globex Corporation', 'globex.com'],
  ['Initech', 'initech.io'],
  ['Umbrella Health', 'umbrella-health.com'],
  ['Stark Logistics', 'starklogistics.co.uk'],
  ['Wayne Foods', 'waynefoods.com'],
  ['Hooli', 'hooli.xyz'],
  ['Vandelay Industries', 'vandelay.com'],
  ['Soylent Labs', 'soylent.dev'],
  ['Tyrell Systems', 'tyrell.ai'],
  ['Cyberdyne Retail', 'cyberdyne.shop'],
  ['Aperture Learning', 'aperture.edu'],
] as const;

export const FIRST_NAMES = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Omar',
  'Ines',
  'Kenji',
  'Lena',
  'Ravi',
  'Sara',
  'Tomas',
  'Yara',
  'Jonas',
  'Priya',
  'Hugo',
] as const;
export const LAST_NAMES = [
  'Fischer',
  'Okafor',
  'Nakamura',
  'Silva',
  'Novak',
  'Haddad',
  'Larsen',
  'Moreau',
  'Kowalski',
  'Reyes',
] as const;

export const FEEDBACK = [
  [
    'PDF export cuts off tables',
    'Exporting a note with a wide table to PDF cuts the last columns off. Could it shrink to fit?',
  ],
  [
    'Need SSO before renewal',
    'Our security team requires SAML single sign-on for the team plan before we renew in March.',
  ],
  ['Love the new editor', 'Typing in long notes is <strong>much</strong> smoother now. Thank you!'],
  ['Android app crashes on photo', 'Adding a photo to a note from the Android app crashes it every time.'],
  ['Dark mode contrast', 'The grey dates in the note list are hard to read in dark mode.'],
  [
    'Lost edits after syncing',
    'I edited the same note on my laptop and phone on the train; one set of changes vanished.',
  ],
  [
    'Slack integration request',
    'Our meeting notes end up in Slack anyway; sending them from the app would save us time.',
  ],
  ['Move many notes at once', 'Cleaning up a notebook of 200 notes one by one is painful. Let me select several.'],
  ['Weekly digest', 'I would like an email every Monday with the notes my team changed last week.'],
  ['API question', 'Is there a way to create notes from a script? We want to file build reports automatically.'],
  ['Keyboard shortcuts', 'Power users on our team want j/k to move through the note list.'],
  ['Screen reader in the editor', 'A colleague on VoiceOver cannot tell which heading level the cursor is in.'],
] as const;

export const TAGS = [
  ['Bug', '#ef4444', 'bug'],
  ['Feature request', '#6366f1', 'sparkles'],
  ['Praise', '#10b981', 'heart'],
  ['Churn risk', '#f59e0b', 'alert'],
  ['Enterprise', '#0ea5e9', 'building'],
] as const;

type Mark = { type: string; attrs?: Record<string, unknown> };
export type Node = { type: string; attrs?: Record<string, unknown>; content?: Node[]; text?: string; marks?: Mark[] };
export const text = (value: string, marks?: Mark[]): Node =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
export const paragraph = (...content: Node[]): Node => ({ type: 'paragraph', content });
export const heading = (level: number, value: string): Node => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
export const bullets = (...items: string[]): Node => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [paragraph(text(item))] })),
});

/** ProseMirror-style changelog notes: the first three entries of the demo changelog. */
export const CHANGELOG = [
  {
    title: 'Dark mode is here',
    de: 'Der Dunkelmodus ist da',
    notes: {
      type: 'doc',
      content: [
        heading(2, 'Easy on the eyes'),
        paragraph(
          text('The editor, the sidebar and the note list now follow your '),
          text('system theme', [{ type: 'bold' }]),
          text('. Switch any time in Settings › Appearance.'),
        ),
        bullets(
          'Code blocks and tables included',
          'Contrast checked against WCAG AA',
          'Shared pages and emails follow next',
        ),
        paragraph(
          text('Read the '),
          text('design notes', [{ type: 'link', attrs: { href: 'https://example.com/blog/dark-mode' } }]),
          text('.'),
        ),
      ],
    },
    deNotes: {
      type: 'doc',
      content: [
        heading(2, 'Schonend für die Augen'),
        paragraph(
          text('Editor, Seitenleiste und Notizliste folgen jetzt dem '),
          text('Systemthema', [{ type: 'bold' }]),
          text('.'),
        ),
        bullets(
          'Auch Codeblöcke und Tabellen',
          'Kontrast nach WCAG AA geprüft',
          'Geteilte Seiten und E-Mails folgen bald',
        ),
      ],
    },
  },
  {
    title: 'Code blocks with syntax highlighting',
    de: 'Codeblöcke mit Syntaxhervorhebung',
    notes: {
      type: 'doc',
      content: [
        paragraph(
          text('Type three backticks to start a code block, pick its language, and copy it with '),
          text('one click', [{ type: 'italic' }]),
          text('. Long lines wrap instead of running off the page.'),
        ),
        {
          type: 'codeBlock',
          attrs: { language: 'js' },
          content: [
            text('const open = notes.filter((note) => !note.archived).sort((a, b) => b.editedAt - a.editedAt);'),
          ],
        },
      ],
    },
    deNotes: null,
  },
  {
    title: 'Restore notes from the trash',
    de: 'Notizen aus dem Papierkorb wiederherstellen',
    notes:
      '<p>Deleted notes now wait in the trash for <em>30 days</em>. Open the trash in the sidebar and choose Restore to put a note back where it was.</p>',
    deNotes: null,
  },
] as const;
