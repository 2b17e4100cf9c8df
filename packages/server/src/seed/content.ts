/** Fixed texts of the demo workspace; the generator in `demo.ts` combines them deterministically. */

export const PROJECTS = [
  {
    name: 'Dark mode everywhere',
    state: 'completed',
    progress: 100,
    color: '#6366f1',
    icon: 'moon',
    de: 'Dunkelmodus überall',
    description: 'Every screen, email and export follows the system theme.',
    deDescription: 'Jede Ansicht, E-Mail und jeder Export folgt dem Systemthema.',
  },
  {
    name: 'Mobile app',
    state: 'started',
    progress: 62,
    color: '#0ea5e9',
    icon: 'smartphone',
    de: 'Mobile App',
    description: 'Native iOS and Android apps with offline drafts.',
    deDescription: 'Native Apps für iOS und Android mit Offline-Entwürfen.',
  },
  {
    name: 'Public API v2',
    state: 'started',
    progress: 85,
    color: '#10b981',
    icon: 'code',
    de: 'Öffentliche API v2',
    description: 'Cursor paging, scoped keys and webhooks.',
    deDescription: 'Cursor-Paging, Schlüssel mit Berechtigungen und Webhooks.',
  },
  {
    name: 'Single sign-on',
    state: 'planned',
    progress: 10,
    color: '#f59e0b',
    icon: 'key',
    de: 'Single Sign-on',
    description: 'SAML and OIDC for every plan.',
    deDescription: 'SAML und OIDC für jeden Tarif.',
  },
  {
    name: 'Custom reports',
    state: 'planned',
    progress: 0,
    color: '#ef4444',
    icon: 'chart',
    de: 'Eigene Berichte',
    description: 'Build, schedule and share reports on feedback trends.',
    deDescription: 'Berichte über Feedback-Trends erstellen, planen und teilen.',
  },
  {
    name: 'Slack integration',
    state: 'backlog',
    progress: null,
    color: '#8b5cf6',
    icon: 'message',
    de: 'Slack-Integration',
    description: 'Capture feedback from any Slack channel.',
    deDescription: 'Feedback aus jedem Slack-Kanal erfassen.',
  },
  {
    name: 'Accessibility audit',
    state: 'paused',
    progress: 40,
    color: '#14b8a6',
    icon: 'accessibility',
    de: 'Barrierefreiheits-Audit',
    description: 'WCAG 2.2 AA across the product.',
    deDescription: 'WCAG 2.2 AA im gesamten Produkt.',
  },
  {
    name: 'Legacy importer',
    state: 'canceled',
    progress: 20,
    color: '#64748b',
    icon: 'archive',
    de: 'Import aus Altsystemen',
    description: 'Import from spreadsheets and old ticket systems.',
    deDescription: 'Import aus Tabellen und alten Ticketsystemen.',
  },
] as const;

export const ISSUE_TOPICS = [
  ['Export roadmap as PDF', 'Roadmap als PDF exportieren'],
  ['Keyboard shortcuts for triage', 'Tastenkürzel für die Sichtung'],
  ['Bulk edit thread tags', 'Tags von Threads gesammelt bearbeiten'],
  ['Search across conversations', 'Suche über alle Unterhaltungen'],
  ['Webhook retries with backoff', 'Webhook-Wiederholungen mit Backoff'],
  ['Dark mode for emails', 'Dunkelmodus für E-Mails'],
  ['Android push notifications', 'Android-Push-Benachrichtigungen'],
  ['iOS share extension', 'iOS-Teilen-Erweiterung'],
  ['SAML metadata upload', 'SAML-Metadaten hochladen'],
  ['SCIM user provisioning', 'SCIM-Benutzerbereitstellung'],
  ['Weekly digest email', 'Wöchentliche Zusammenfassung per E-Mail'],
  ['CSV export of contacts', 'CSV-Export der Kontakte'],
  ['Slack thread sync', 'Slack-Threads synchronisieren'],
  ['Screen reader labels on charts', 'Screenreader-Beschriftungen für Diagramme'],
  ['Focus order in the widget', 'Fokusreihenfolge im Widget'],
  ['Import from spreadsheets', 'Import aus Tabellen'],
  ['Rate limit headers in docs', 'Rate-Limit-Header in der Dokumentation'],
  ['Custom fields on companies', 'Eigene Felder für Firmen'],
  ['Upvote from the changelog', 'Abstimmen aus dem Changelog'],
  ['Offline drafts on mobile', 'Offline-Entwürfe auf dem Handy'],
] as const;

export const ISSUE_STATUSES = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done', 'Canceled'] as const;
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
  ['Export is too slow', 'Exporting our roadmap with 300 items takes over a minute. Could it run in the background?'],
  ['Need SSO before renewal', 'Our security team requires SAML single sign-on before we can renew in March.'],
  ['Love the new editor', 'The new editor is <strong>much</strong> faster. Thank you!'],
  ['Mobile app crashes on upload', 'Uploading a photo from the Android app crashes it every time.'],
  ['Dark mode contrast', 'Some grey labels are hard to read in dark mode.'],
  ['Webhook delivery failures', 'We miss events when our endpoint is briefly down. Retries would help.'],
  ['Slack integration request', 'Most of our customer talk happens in Slack; capturing it there would save hours.'],
  ['Bulk tagging', 'Triaging 200 threads a week one by one is painful. Bulk tagging please.'],
  ['Report scheduling', 'I would like a weekly report of new feedback in my inbox every Monday.'],
  ['API pagination question', 'Is there a way to resume listing threads after a failure without starting over?'],
  ['Keyboard shortcuts', 'Power users on our team want j/k navigation in the inbox.'],
  ['Accessibility of widget', 'A screen reader user reported that the feedback button has no label.'],
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

/** ProseMirror-style changelog notes. */
export const CHANGELOG = [
  {
    title: 'Dark mode is here',
    de: 'Der Dunkelmodus ist da',
    notes: {
      type: 'doc',
      content: [
        heading(2, 'Easy on the eyes'),
        paragraph(
          text('Every screen now follows your '),
          text('system theme', [{ type: 'bold' }]),
          text('. Switch any time in settings.'),
        ),
        bullets('Emails and exports included', 'Contrast checked against WCAG AA', 'Custom accent colours respected'),
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
        paragraph(text('Jede Ansicht folgt jetzt dem '), text('Systemthema', [{ type: 'bold' }]), text('.')),
        bullets('Auch E-Mails und Exporte', 'Kontrast nach WCAG AA geprüft', 'Eigene Akzentfarben bleiben erhalten'),
      ],
    },
  },
  {
    title: 'Cursor paging in the v2 API',
    de: 'Cursor-Paging in der v2-API',
    notes: {
      type: 'doc',
      content: [
        paragraph(
          text('Lists in the v2 API now page with '),
          text('opaque cursors', [{ type: 'italic' }]),
          text(' that stay stable while new feedback arrives.'),
        ),
        {
          type: 'codeBlock',
          attrs: { language: 'sh' },
          content: [text('curl -H "Authorization: Bearer $KEY" https://api.example.com/api/v2/threads?limit=50')],
        },
      ],
    },
    deNotes: null,
  },
  {
    title: 'Faster exports',
    de: 'Schnellere Exporte',
    notes:
      '<p>Roadmap exports now run in the background and arrive by email. <em>Up to 10x faster</em> for large boards.</p>',
    deNotes: null,
  },
] as const;
