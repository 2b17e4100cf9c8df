import type { DemoIssueKey } from '../../packages/server/src/seed/issues.ts';

/**
 * Drafts as users type them into the feedback form (paraphrases, typos, other words, request
 * phrasing), each with the demo issues a good matcher should suggest for it among its first three;
 * `expected: []` is a draft about something no demo issue covers, which should get no suggestion.
 * The issues are the demo workspace's, in the draft's language (`issue-lists.ts`).
 */
export interface LabelledDraft {
  text: string;
  language: 'en' | 'de' | 'fr';
  expected: readonly DemoIssueKey[];
}

export const LABELLED_DRAFTS: readonly LabelledDraft[] = [
  // English, about a demo issue.
  { language: 'en', text: 'Can I export a notebook to pdf so I can print it?', expected: ['pdf-export'] },
  { language: 'en', text: 'need to save my notes as a pdf file for a client', expected: ['pdf-export'] },
  { language: 'en', text: 'please add a dark mode, the white editor hurts at night', expected: ['dark-editor'] },
  { language: 'en', text: 'dakr theme for writing', expected: ['dark-editor'] },
  {
    language: 'en',
    text: 'the app is useless on the train with no signal, I cant edit anything',
    expected: ['offline-mobile'],
  },
  { language: 'en', text: 'offline mode for the phone app', expected: ['offline-mobile'] },
  { language: 'en', text: 'remind me of a note at a certain time', expected: ['reminders'] },
  { language: 'en', text: 'I want an alarm on my notes so I dont forget', expected: ['reminders'] },
  { language: 'en', text: 'support markdown syntax like # for headings', expected: ['markdown'] },
  { language: 'en', text: 'share a notebook with my team, some only read access', expected: ['shared-notebooks'] },
  {
    language: 'en',
    text: 'i overwrote my note by mistake, is there a version history?',
    expected: ['version-history', 'trash-restore'],
  },
  { language: 'en', text: 'restore an older version of a note', expected: ['version-history'] },
  { language: 'en', text: 'tags within tags / sub tags please', expected: ['nested-tags'] },
  { language: 'en', text: 'search doesnt find words in my scanned pdf receipts', expected: ['ocr-search'] },
  { language: 'en', text: 'firefox extension to clip web pages', expected: ['web-clipper-firefox'] },
  { language: 'en', text: 'how do I move all my notes over from evernote', expected: ['evernote-import'] },
  { language: 'en', text: 'import my obsidian markdown vault', expected: ['notion-import'] },
  { language: 'en', text: 'encrypt my private journal so even you cannot read it', expected: ['e2e-encryption'] },
  { language: 'en', text: '2FA with google authenticator', expected: ['two-factor'] },
  { language: 'en', text: 'login with my google account', expected: ['google-sign-in'] },
  { language: 'en', text: 'we need SSO via Okta before we can buy', expected: ['saml-sso'] },
  { language: 'en', text: 'todo lists with due dates inside notes', expected: ['checklists'] },
  { language: 'en', text: 'save a note as a template for our weekly meetings', expected: ['templates'] },
  { language: 'en', text: 'record voice notes and transcribe them', expected: ['voice-memos'] },
  { language: 'en', text: 'draw with the apple pencil on ipad', expected: ['handwriting'] },
  { language: 'en', text: 'a widget on my android home screen for quick notes', expected: ['home-widget'] },
  { language: 'en', text: 'share a note with a public link for people without an account', expected: ['public-link'] },
  {
    language: 'en',
    text: 'edit the same note together at the same time like google docs',
    expected: ['live-collaboration'],
  },
  { language: 'en', text: 'leave comments on a paragraph and mention a coworker', expected: ['comments'] },
  { language: 'en', text: 'link notes to each other with [[ ]] and show backlinks', expected: ['backlinks'] },
  { language: 'en', text: 'connect my outlook calendar so meeting notes are ready', expected: ['calendar'] },
  { language: 'en', text: 'post my meeting notes to a slack channel', expected: ['slack-send'] },
  { language: 'en', text: 'an api so I can create notes from a script', expected: ['rest-api'] },
  { language: 'en', text: 'voiceover does not read checkboxes in the editor', expected: ['screen-reader'] },
  { language: 'en', text: 'make the text bigger, I can barely read the notes', expected: ['font-size'] },
  { language: 'en', text: 'I deleted a note accidentally, where is the recycle bin', expected: ['trash-restore'] },
  { language: 'en', text: 'pin important notes at the top', expected: ['pin-notes'] },
  { language: 'en', text: 'sort my notes alphabetically by title', expected: ['sort-order'] },
  { language: 'en', text: 'insert a table with rows and columns', expected: ['tables'] },
  { language: 'en', text: 'syntax highlighting for code snippets', expected: ['code-blocks'] },
  { language: 'en', text: 'write math formulas in latex', expected: ['latex'] },
  {
    language: 'en',
    text: 'my changes from the phone were lost after syncing with the laptop',
    expected: ['sync-conflicts'],
  },
  { language: 'en', text: 'the desktop app is so slow to start with all my notes', expected: ['startup-speed'] },
  { language: 'en', text: 'forward an email to my notes', expected: ['email-to-note'] },
  // English, about nothing in the demo.
  { language: 'en', text: 'The invoice shows the wrong company address', expected: [] },
  { language: 'en', text: 'how do I cancel my subscription and get a refund', expected: [] },
  { language: 'en', text: 'love the app, thanks for all the hard work!', expected: [] },
  { language: 'en', text: 'Please translate the interface into Japanese', expected: [] },
  { language: 'en', text: 'the login page has a typo in the footer', expected: [] },
  { language: 'en', text: 'Can you offer a student discount on the yearly plan?', expected: [] },
  { language: 'en', text: 'my password reset email never arrives', expected: [] },
  { language: 'en', text: 'add a pomodoro timer next to the clock', expected: [] },
  { language: 'en', text: 'the logo looks blurry on the pricing page', expected: [] },
  { language: 'en', text: 'integrate with Trello boards', expected: [] },
  // German, about a demo issue.
  { language: 'de', text: 'Ich würde gerne meine Notizen als PDF speichern', expected: ['pdf-export'] },
  {
    language: 'de',
    text: 'Bitte einen Dunkelmodus für den Editor, nachts ist alles so hell',
    expected: ['dark-editor'],
  },
  {
    language: 'de',
    text: 'In der U-Bahn ohne Netz kann ich nichts bearbeiten, offline wäre toll',
    expected: ['offline-mobile'],
  },
  { language: 'de', text: 'Erinnerung für eine Notiz zu einer bestimmten Uhrzeit', expected: ['reminders'] },
  { language: 'de', text: 'Notizbuch mit meinem Team teilen, manche nur lesen', expected: ['shared-notebooks'] },
  {
    language: 'de',
    text: 'Gibt es einen Versionsverlauf? Ich habe etwas überschrieben',
    expected: ['version-history'],
  },
  { language: 'de', text: 'Umzug von Evernote, wie importiere ich alles?', expected: ['evernote-import'] },
  { language: 'de', text: 'Zwei Faktor Anmeldung mit Authenticator', expected: ['two-factor'] },
  { language: 'de', text: 'Aufgabenliste mit Fälligkeit in Notizen', expected: ['checklists'] },
  { language: 'de', text: 'Sprachnotizen aufnehmen und in Text umwandeln', expected: ['voice-memos'] },
  { language: 'de', text: 'Tabellen einfügen mit Zeilen und Spalten', expected: ['tables'] },
  { language: 'de', text: 'versehentlich gelöschte Notiz wiederherstellen', expected: ['trash-restore'] },
  { language: 'de', text: 'Schrift größer machen, ich kann kaum lesen', expected: ['font-size'] },
  // German, about nothing in the demo.
  { language: 'de', text: 'Die Rechnung hat die falsche Adresse', expected: [] },
  { language: 'de', text: 'Wie kann ich mein Abo kündigen?', expected: [] },
  { language: 'de', text: 'Super App, vielen Dank an das ganze Team!', expected: [] },
  { language: 'de', text: 'Gibt es einen Rabatt für Schulen und Vereine?', expected: [] },
  { language: 'de', text: 'Das Impressum auf der Webseite fehlt', expected: [] },
  // French, about a demo issue.
  { language: 'fr', text: 'Je voudrais exporter mes notes en PDF pour les imprimer', expected: ['pdf-export'] },
  { language: 'fr', text: 'un mode sombre pour écrire le soir svp', expected: ['dark-editor'] },
  { language: 'fr', text: 'pouvoir modifier mes notes sans connexion dans le métro', expected: ['offline-mobile'] },
  { language: 'fr', text: 'un rappel sur une note à une heure précise', expected: ['reminders'] },
  { language: 'fr', text: 'partager un carnet avec mon équipe en lecture seule', expected: ['shared-notebooks'] },
  { language: 'fr', text: 'revenir à une ancienne version d’une note', expected: ['version-history'] },
  { language: 'fr', text: 'importer mes notes depuis evernote', expected: ['evernote-import'] },
  { language: 'fr', text: 'chiffrement de bout en bout pour mon journal', expected: ['e2e-encryption'] },
  { language: 'fr', text: 'des modèles pour mes comptes rendus de réunion', expected: ['templates'] },
  { language: 'fr', text: 'coloration syntaxique pour les blocs de code', expected: ['code-blocks'] },
  { language: 'fr', text: 'corbeille pour récupérer une note supprimée', expected: ['trash-restore'] },
  { language: 'fr', text: 'trier mes notes par ordre alphabétique', expected: ['sort-order'] },
  { language: 'fr', text: 'écrire des formules mathématiques', expected: ['latex'] },
  // French, about nothing in the demo.
  { language: 'fr', text: 'La facture indique une mauvaise adresse', expected: [] },
  { language: 'fr', text: 'Comment résilier mon abonnement ?', expected: [] },
  { language: 'fr', text: 'Merci pour cette super application !', expected: [] },
  { language: 'fr', text: 'Proposez-vous une réduction pour les étudiants ?', expected: [] },
  { language: 'fr', text: 'Le site est lent à charger depuis le Canada', expected: [] },
];
