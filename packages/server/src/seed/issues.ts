/**
 * The demo workspace's issues: requests from the users of a note-taking app, each distinct, with a
 * summary and a description, and German and French translations of the title and description (the
 * fields the portal translates). `key` names an issue for the matcher's labelled drafts
 * (`bench/matcher/`); `project` is an index into `PROJECTS`.
 */

type Status = 'Backlog' | 'Todo' | 'In Progress' | 'In Review' | 'Done' | 'Canceled';

export interface DemoIssue {
  key: string;
  title: string;
  summary: readonly string[];
  description: string;
  status: Status;
  project: number | null;
  de: readonly [title: string, description: string];
  fr: readonly [title: string, description: string];
}

export const DEMO_ISSUES = [
  {
    key: 'pdf-export',
    title: 'Export notes as PDF',
    summary: ['Print-ready PDF of one note or a whole notebook'],
    description: 'Users want to hand notes to people who do not use the app, keeping headings, images and tables.',
    status: 'Todo',
    project: 4,
    de: [
      'Notizen als PDF exportieren',
      'Notizen als druckfertige PDF-Datei an Leute weitergeben, die die App nicht nutzen, mit Überschriften, Bildern und Tabellen.',
    ],
    fr: [
      'Exporter les notes en PDF',
      'Partager des notes avec des personnes qui n’utilisent pas l’application, en gardant titres, images et tableaux.',
    ],
  },
  {
    key: 'dark-editor',
    title: 'Dark theme for the note editor',
    summary: ['Easier on the eyes when writing at night', 'Follows the system setting'],
    description: 'The editor, the sidebar and the note list switch to dark colours, automatically or by hand.',
    status: 'Done',
    project: 0,
    de: [
      'Dunkles Design für den Notiz-Editor',
      'Editor, Seitenleiste und Notizliste wechseln zu dunklen Farben, automatisch oder von Hand.',
    ],
    fr: [
      'Thème sombre pour l’éditeur de notes',
      'L’éditeur, la barre latérale et la liste des notes passent en couleurs sombres, automatiquement ou à la main.',
    ],
  },
  {
    key: 'offline-mobile',
    title: 'Edit notes offline in the mobile app',
    summary: ['Notes open and save without a connection', 'Changes sync when back online'],
    description: 'On a plane or in the underground the phone app shows a spinner; people want to keep writing.',
    status: 'In Progress',
    project: 1,
    de: [
      'Notizen offline in der mobilen App bearbeiten',
      'Im Flugzeug oder in der U-Bahn zeigt die App nur einen Ladekreis; man möchte ohne Verbindung weiterschreiben.',
    ],
    fr: [
      'Modifier les notes hors ligne dans l’application mobile',
      'Dans l’avion ou le métro, l’application affiche un chargement sans fin ; on veut continuer à écrire sans connexion.',
    ],
  },
  {
    key: 'reminders',
    title: 'Reminders on notes',
    summary: ['A notification at a chosen date and time'],
    description: 'Set an alarm on a note so it pops up again when it matters, on the phone and on the desktop.',
    status: 'Todo',
    project: 1,
    de: [
      'Erinnerungen an Notizen',
      'Eine Benachrichtigung zu einem gewählten Zeitpunkt, damit eine Notiz wieder auftaucht, wenn sie gebraucht wird.',
    ],
    fr: [
      'Rappels sur les notes',
      'Une notification à la date et l’heure choisies, pour qu’une note réapparaisse au bon moment.',
    ],
  },
  {
    key: 'markdown',
    title: 'Markdown shortcuts while typing',
    summary: ['Type # for a heading, * for a list, ``` for code'],
    description: 'Writers coming from other tools expect Markdown syntax to turn into formatting as they type.',
    status: 'In Review',
    project: null,
    de: [
      'Markdown-Kürzel beim Tippen',
      'Wer von anderen Programmen kommt, erwartet, dass Markdown beim Tippen zu Formatierung wird.',
    ],
    fr: [
      'Raccourcis Markdown pendant la saisie',
      'Ceux qui viennent d’autres outils s’attendent à ce que la syntaxe Markdown devienne une mise en forme.',
    ],
  },
  {
    key: 'shared-notebooks',
    title: 'Shared notebooks with edit permissions',
    summary: ['Invite people to a notebook as viewers or editors'],
    description: 'Teams keep one notebook per project and need to decide who may read it and who may change it.',
    status: 'In Progress',
    project: null,
    de: [
      'Geteilte Notizbücher mit Bearbeitungsrechten',
      'Teams führen ein Notizbuch pro Projekt und legen fest, wer es lesen und wer es ändern darf.',
    ],
    fr: [
      'Carnets partagés avec droits de modification',
      'Les équipes tiennent un carnet par projet et choisissent qui peut le lire et qui peut le modifier.',
    ],
  },
  {
    key: 'version-history',
    title: 'Version history for each note',
    summary: ['See and restore earlier versions'],
    description: 'After an accidental overwrite users want to go back to what the note said yesterday.',
    status: 'Backlog',
    project: null,
    de: [
      'Versionsverlauf für jede Notiz',
      'Nach versehentlichem Überschreiben möchte man zurück zu dem, was gestern in der Notiz stand.',
    ],
    fr: [
      'Historique des versions de chaque note',
      'Après un écrasement par erreur, on veut revenir à ce que la note disait hier.',
    ],
  },
  {
    key: 'nested-tags',
    title: 'Nested tags',
    summary: ['Tags inside tags, like work/clients/acme'],
    description: 'Hundreds of flat labels become hard to browse; a hierarchy keeps them organised.',
    status: 'Done',
    project: null,
    de: [
      'Verschachtelte Schlagwörter',
      'Hunderte flacher Schlagwörter sind kaum zu überblicken; eine Hierarchie hält sie geordnet.',
    ],
    fr: [
      'Étiquettes imbriquées',
      'Des centaines d’étiquettes à plat deviennent illisibles ; une hiérarchie les range.',
    ],
  },
  {
    key: 'ocr-search',
    title: 'Search text inside images and PDF attachments',
    summary: ['Find words in scanned receipts, photos of whiteboards and attached PDFs'],
    description: 'Recognised text (OCR) from attachments should show up in search results like note text.',
    status: 'Backlog',
    project: null,
    de: [
      'Text in Bildern und PDF-Anhängen durchsuchen',
      'Erkannter Text (OCR) aus Anhängen wie gescannten Belegen und Whiteboard-Fotos soll in der Suche auftauchen.',
    ],
    fr: [
      'Rechercher le texte des images et des PDF joints',
      'Le texte reconnu (OCR) des pièces jointes, reçus scannés ou photos de tableau, doit apparaître dans la recherche.',
    ],
  },
  {
    key: 'web-clipper-firefox',
    title: 'Web clipper for Firefox',
    summary: ['Save a page, a selection or a screenshot from the browser'],
    description: 'The clipper exists for Chrome only; Firefox users copy and paste articles by hand.',
    status: 'Todo',
    project: null,
    de: [
      'Web Clipper für Firefox',
      'Den Clipper gibt es nur für Chrome; Firefox-Nutzer kopieren Artikel von Hand in ihre Notizen.',
    ],
    fr: [
      'Web Clipper pour Firefox',
      'Le clipper n’existe que pour Chrome ; sous Firefox, on copie les articles à la main.',
    ],
  },
  {
    key: 'evernote-import',
    title: 'Import from Evernote',
    summary: ['Bring .enex exports in with tags and attachments'],
    description: 'People switching from Evernote have years of notes they do not want to leave behind.',
    status: 'Canceled',
    project: 7,
    de: ['Import aus Evernote', 'Wer von Evernote wechselt, hat jahrelange Notizen, die er nicht zurücklassen will.'],
    fr: [
      'Importer depuis Evernote',
      'Ceux qui quittent Evernote ont des années de notes qu’ils ne veulent pas abandonner.',
    ],
  },
  {
    key: 'notion-import',
    title: 'Import a Notion workspace or a folder of Markdown files',
    summary: ['Keep page hierarchy and links'],
    description: 'Moving over from Notion or Obsidian should not mean copying pages one at a time.',
    status: 'Backlog',
    project: 7,
    de: [
      'Notion-Arbeitsbereich oder Markdown-Ordner importieren',
      'Der Umzug von Notion oder Obsidian soll nicht heißen, Seiten einzeln zu kopieren.',
    ],
    fr: [
      'Importer un espace Notion ou un dossier Markdown',
      'Quitter Notion ou Obsidian ne doit pas obliger à copier les pages une par une.',
    ],
  },
  {
    key: 'e2e-encryption',
    title: 'End-to-end encryption for private notebooks',
    summary: ['Only the owner’s devices can read the content'],
    description: 'Journals, passwords and medical notes should stay unreadable on the server.',
    status: 'Backlog',
    project: null,
    de: [
      'Ende-zu-Ende-Verschlüsselung für private Notizbücher',
      'Tagebücher, Passwörter und Gesundheitsnotizen sollen auf dem Server unlesbar bleiben.',
    ],
    fr: [
      'Chiffrement de bout en bout des carnets privés',
      'Journaux intimes, mots de passe et notes médicales doivent rester illisibles sur le serveur.',
    ],
  },
  {
    key: 'two-factor',
    title: 'Two-factor authentication with an authenticator app',
    summary: ['One-time codes at sign-in, plus recovery codes'],
    description: 'Accounts hold private notes, so a stolen password alone should not be enough to get in.',
    status: 'Done',
    project: 3,
    de: [
      'Zwei-Faktor-Authentifizierung mit einer Authenticator-App',
      'Konten enthalten private Notizen; ein gestohlenes Passwort allein soll nicht zum Anmelden reichen.',
    ],
    fr: [
      'Authentification à deux facteurs avec une application',
      'Les comptes contiennent des notes privées ; un mot de passe volé ne doit pas suffire pour se connecter.',
    ],
  },
  {
    key: 'google-sign-in',
    title: 'Sign in with Google',
    summary: ['Use a Google Workspace account instead of a password'],
    description: 'Companies on Google Workspace want one login and accounts removed when staff leave.',
    status: 'In Progress',
    project: 3,
    de: [
      'Mit Google anmelden',
      'Firmen mit Google Workspace wollen eine Anmeldung und gelöschte Konten, wenn jemand geht.',
    ],
    fr: [
      'Se connecter avec Google',
      'Les entreprises sous Google Workspace veulent un seul identifiant, et des comptes fermés au départ d’un salarié.',
    ],
  },
  {
    key: 'saml-sso',
    title: 'SAML single sign-on for Okta and Azure AD',
    summary: ['Required by enterprise security reviews'],
    description: 'IT departments will only roll the app out when staff log in through their identity provider.',
    status: 'Todo',
    project: 3,
    de: [
      'SAML Single Sign-on für Okta und Azure AD',
      'IT-Abteilungen führen die App nur ein, wenn man sich über ihren Identitätsanbieter anmeldet.',
    ],
    fr: [
      'Authentification unique SAML pour Okta et Azure AD',
      'Les services informatiques ne déploient l’application que si la connexion passe par leur fournisseur d’identité.',
    ],
  },
  {
    key: 'checklists',
    title: 'Checklists with due dates',
    summary: ['Tick boxes in a note, each with an optional date'],
    description: 'Notes often hold to-do items; people want them checked off and listed by what is due.',
    status: 'Todo',
    project: null,
    de: [
      'Checklisten mit Fälligkeitsdatum',
      'Notizen enthalten oft Aufgaben; man möchte sie abhaken und nach Fälligkeit sehen.',
    ],
    fr: [
      'Listes de tâches avec échéances',
      'Les notes contiennent souvent des tâches ; on veut les cocher et les voir par date d’échéance.',
    ],
  },
  {
    key: 'templates',
    title: 'Note templates',
    summary: ['Start meeting notes, journals and recipes from a saved layout'],
    description: 'Users rebuild the same headings for every meeting and want to save a note as a template.',
    status: 'Done',
    project: null,
    de: [
      'Vorlagen für Notizen',
      'Man baut für jede Besprechung dieselben Überschriften neu und möchte eine Notiz als Vorlage speichern.',
    ],
    fr: [
      'Modèles de notes',
      'On refait les mêmes titres à chaque réunion et on voudrait enregistrer une note comme modèle.',
    ],
  },
  {
    key: 'voice-memos',
    title: 'Voice memos with transcription',
    summary: ['Record audio in a note and get the text'],
    description: 'While walking or driving, speaking is easier than typing; the recording should become text.',
    status: 'Backlog',
    project: 1,
    de: [
      'Sprachmemos mit Transkription',
      'Beim Gehen oder Fahren ist Sprechen leichter als Tippen; die Aufnahme soll zu Text werden.',
    ],
    fr: [
      'Mémos vocaux avec transcription',
      'En marchant ou en conduisant, parler est plus simple que taper ; l’enregistrement doit devenir du texte.',
    ],
  },
  {
    key: 'handwriting',
    title: 'Handwriting and sketches with Apple Pencil',
    summary: ['Draw and write by hand on the iPad'],
    description: 'Students and designers want to sketch diagrams next to their typed notes.',
    status: 'Backlog',
    project: 1,
    de: [
      'Handschrift und Skizzen mit dem Apple Pencil',
      'Studierende und Designer möchten neben getippten Notizen Diagramme zeichnen.',
    ],
    fr: [
      'Écriture manuscrite et croquis avec l’Apple Pencil',
      'Étudiants et designers veulent dessiner des schémas à côté de leurs notes tapées.',
    ],
  },
  {
    key: 'home-widget',
    title: 'Home screen widget for quick notes',
    summary: ['Jot something down without opening the app'],
    description: 'A widget on the Android and iOS home screen that opens a new note with one tap.',
    status: 'In Review',
    project: 1,
    de: [
      'Startbildschirm-Widget für schnelle Notizen',
      'Ein Widget auf dem Startbildschirm von Android und iOS, das mit einem Tipp eine neue Notiz öffnet.',
    ],
    fr: [
      'Widget d’écran d’accueil pour les notes rapides',
      'Un widget sur l’écran d’accueil Android et iOS qui ouvre une nouvelle note d’un seul geste.',
    ],
  },
  {
    key: 'public-link',
    title: 'Publish a note as a public web page',
    summary: ['Anyone with the link can read it, no account needed'],
    description: 'Sharing a recipe or a guide should not require the reader to sign up.',
    status: 'Done',
    project: null,
    de: [
      'Notiz als öffentliche Webseite veröffentlichen',
      'Wer ein Rezept oder eine Anleitung teilt, soll vom Leser keine Registrierung verlangen müssen.',
    ],
    fr: [
      'Publier une note comme page web publique',
      'Partager une recette ou un guide ne doit pas obliger le lecteur à créer un compte.',
    ],
  },
  {
    key: 'live-collaboration',
    title: 'Real-time co-editing',
    summary: ['See who else is in the note and their cursor'],
    description: 'Two people typing in the same note at once should both see each other’s changes live.',
    status: 'In Progress',
    project: null,
    de: [
      'Gemeinsam in Echtzeit bearbeiten',
      'Wenn zwei Personen gleichzeitig in derselben Notiz schreiben, sollen beide die Änderungen live sehen.',
    ],
    fr: [
      'Coédition en temps réel',
      'Deux personnes qui écrivent dans la même note doivent voir les modifications de l’autre en direct.',
    ],
  },
  {
    key: 'comments',
    title: 'Comments and @mentions on notes',
    summary: ['Discuss a paragraph without changing the text'],
    description: 'Reviewers want to leave a remark on a passage and notify a colleague by mentioning them.',
    status: 'Todo',
    project: null,
    de: [
      'Kommentare und @Erwähnungen in Notizen',
      'Man möchte eine Anmerkung zu einem Absatz hinterlassen und Kollegen per Erwähnung benachrichtigen.',
    ],
    fr: [
      'Commentaires et @mentions sur les notes',
      'On veut laisser une remarque sur un passage et prévenir un collègue en le mentionnant.',
    ],
  },
  {
    key: 'backlinks',
    title: 'Backlinks between notes',
    summary: ['Link with [[double brackets]] and see which notes point here'],
    description: 'A personal wiki needs links between notes and a list of the notes that refer to this one.',
    status: 'In Review',
    project: null,
    de: [
      'Rückverweise zwischen Notizen',
      'Ein persönliches Wiki braucht Verknüpfungen zwischen Notizen und eine Liste der Notizen, die hierher verweisen.',
    ],
    fr: [
      'Rétroliens entre les notes',
      'Un wiki personnel a besoin de liens entre notes et de la liste des notes qui renvoient à celle-ci.',
    ],
  },
  {
    key: 'graph-view',
    title: 'Graph view of linked notes',
    summary: ['A map of notes and the links between them'],
    description: 'Explored and set aside: few users opened the prototype after the first week.',
    status: 'Canceled',
    project: null,
    de: [
      'Graphansicht verknüpfter Notizen',
      'Erprobt und zurückgestellt: kaum jemand öffnete den Prototyp nach der ersten Woche noch einmal.',
    ],
    fr: [
      'Vue en graphe des notes liées',
      'Essayé puis mis de côté : peu d’utilisateurs ont rouvert le prototype après la première semaine.',
    ],
  },
  {
    key: 'calendar',
    title: 'Calendar integration for meeting notes',
    summary: ['Google Calendar and Outlook events linked to notes'],
    description: 'Open the notes of today’s meetings from the calendar, with attendees filled in.',
    status: 'Backlog',
    project: null,
    de: [
      'Kalenderanbindung für Besprechungsnotizen',
      'Die Notizen der heutigen Termine aus dem Kalender öffnen, mit eingetragenen Teilnehmern.',
    ],
    fr: [
      'Intégration du calendrier pour les notes de réunion',
      'Ouvrir les notes des réunions du jour depuis l’agenda, participants déjà renseignés.',
    ],
  },
  {
    key: 'slack-send',
    title: 'Send a note to a Slack channel',
    summary: ['Post a summary or the whole note from the share menu'],
    description: 'Teams finish meeting notes and paste them into Slack by hand every time.',
    status: 'Backlog',
    project: 5,
    de: [
      'Notiz in einen Slack-Kanal senden',
      'Teams kopieren fertige Besprechungsnotizen jedes Mal von Hand nach Slack.',
    ],
    fr: [
      'Envoyer une note dans un canal Slack',
      'Les équipes collent à la main leurs comptes rendus de réunion dans Slack à chaque fois.',
    ],
  },
  {
    key: 'slack-save',
    title: 'Save Slack messages as notes',
    summary: ['A message action that files a thread into a notebook'],
    description: 'Decisions made in Slack threads get lost; one click should keep them in a note.',
    status: 'Todo',
    project: 5,
    de: [
      'Slack-Nachrichten als Notiz speichern',
      'In Slack getroffene Entscheidungen gehen verloren; ein Klick soll sie in einer Notiz festhalten.',
    ],
    fr: [
      'Enregistrer des messages Slack comme notes',
      'Les décisions prises dans Slack se perdent ; un clic doit les conserver dans une note.',
    ],
  },
  {
    key: 'rest-api',
    title: 'REST API to create and update notes',
    summary: ['Scoped tokens and documented endpoints'],
    description: 'Developers want to write notes from scripts, build tools and their own apps.',
    status: 'In Progress',
    project: 2,
    de: [
      'REST-API zum Anlegen und Ändern von Notizen',
      'Entwickler möchten Notizen aus Skripten, Build-Werkzeugen und eigenen Apps schreiben.',
    ],
    fr: [
      'API REST pour créer et modifier des notes',
      'Les développeurs veulent écrire des notes depuis des scripts, des outils de build et leurs propres applications.',
    ],
  },
  {
    key: 'webhooks',
    title: 'Webhooks when a note changes',
    summary: ['Signed events for created, updated and deleted notes'],
    description: 'Integrations should hear about changes instead of polling the API every minute.',
    status: 'In Review',
    project: 2,
    de: [
      'Webhooks bei Änderungen an Notizen',
      'Integrationen sollen von Änderungen erfahren, statt jede Minute die API abzufragen.',
    ],
    fr: [
      'Webhooks quand une note change',
      'Les intégrations doivent être prévenues des changements au lieu d’interroger l’API chaque minute.',
    ],
  },
  {
    key: 'zapier',
    title: 'Zapier integration',
    summary: ['Triggers and actions for notes'],
    description: 'Waiting on the public API; kept internal until its endpoints are stable.',
    status: 'Backlog',
    project: 2,
    de: [
      'Zapier-Integration',
      'Wartet auf die öffentliche API; bleibt intern, bis deren Endpunkte stabil sind und dokumentiert vorliegen.',
    ],
    fr: [
      'Intégration Zapier',
      'En attente de l’API publique ; reste interne tant que ses points d’accès changent encore chaque mois.',
    ],
  },
  {
    key: 'screen-reader',
    title: 'Screen reader support in the editor',
    summary: ['Headings, lists and checkboxes announced correctly'],
    description: 'Blind users on VoiceOver and NVDA cannot tell where they are in a long note.',
    status: 'In Progress',
    project: 6,
    de: [
      'Screenreader-Unterstützung im Editor',
      'Blinde Nutzer mit VoiceOver und NVDA wissen in einer langen Notiz nicht, wo sie sind.',
    ],
    fr: [
      'Prise en charge des lecteurs d’écran dans l’éditeur',
      'Les utilisateurs aveugles sous VoiceOver ou NVDA ne savent pas où ils sont dans une longue note.',
    ],
  },
  {
    key: 'font-size',
    title: 'Adjustable font size and line spacing',
    summary: ['Bigger text without zooming the whole window'],
    description: 'Readers with low vision want larger type and more space between lines in notes.',
    status: 'Done',
    project: 6,
    de: [
      'Schriftgröße und Zeilenabstand einstellen',
      'Menschen mit Sehschwäche möchten größere Schrift und mehr Abstand zwischen den Zeilen.',
    ],
    fr: [
      'Taille du texte et interligne réglables',
      'Les personnes malvoyantes veulent des caractères plus grands et plus d’espace entre les lignes.',
    ],
  },
  {
    key: 'keyboard-sidebar',
    title: 'Keyboard navigation in the sidebar',
    summary: ['Move between notebooks and notes with arrow keys'],
    description: 'Without a mouse, the notebook tree cannot be reached or opened today.',
    status: 'Todo',
    project: 6,
    de: [
      'Tastaturbedienung der Seitenleiste',
      'Ohne Maus lässt sich der Notizbuchbaum heute weder erreichen noch öffnen.',
    ],
    fr: [
      'Navigation au clavier dans la barre latérale',
      'Sans souris, l’arborescence des carnets est aujourd’hui inaccessible.',
    ],
  },
  {
    key: 'high-contrast',
    title: 'High-contrast theme',
    summary: ['Strong colours for readability'],
    description: 'Grey text on white is too faint for some readers; a theme with stronger contrast helps.',
    status: 'Done',
    project: 0,
    de: [
      'Design mit hohem Kontrast',
      'Grauer Text auf Weiß ist für manche zu blass; ein Design mit stärkerem Kontrast hilft.',
    ],
    fr: [
      'Thème à contraste élevé',
      'Le texte gris sur blanc est trop pâle pour certains ; un thème plus contrasté aide.',
    ],
  },
  {
    key: 'trash-restore',
    title: 'Restore deleted notes from the trash',
    summary: ['Deleted notes kept for 30 days'],
    description: 'A note deleted by mistake is gone for good today; people want a recycle bin.',
    status: 'Done',
    project: null,
    de: [
      'Gelöschte Notizen aus dem Papierkorb wiederherstellen',
      'Eine versehentlich gelöschte Notiz ist heute für immer weg; man wünscht sich einen Papierkorb.',
    ],
    fr: [
      'Restaurer les notes supprimées depuis la corbeille',
      'Une note supprimée par erreur est perdue pour de bon ; on veut une corbeille.',
    ],
  },
  {
    key: 'pin-notes',
    title: 'Pin notes to the top of a notebook',
    summary: ['Keep the important ones in view'],
    description: 'Reference notes sink below newer ones; pinning keeps them first in the list.',
    status: 'Done',
    project: null,
    de: [
      'Notizen oben im Notizbuch anheften',
      'Wichtige Notizen rutschen unter neuere; Anheften hält sie an erster Stelle.',
    ],
    fr: [
      'Épingler des notes en haut d’un carnet',
      'Les notes de référence descendent sous les plus récentes ; l’épinglage les garde en tête.',
    ],
  },
  {
    key: 'sort-order',
    title: 'Sort notes by title, created or last edited',
    summary: ['A sort order per notebook, remembered'],
    description: 'The list only sorts by last change; some notebooks read better alphabetically.',
    status: 'Todo',
    project: null,
    de: [
      'Notizen nach Titel, Erstellung oder letzter Änderung sortieren',
      'Die Liste sortiert nur nach letzter Änderung; manche Notizbücher liest man besser alphabetisch.',
    ],
    fr: [
      'Trier les notes par titre, création ou dernière modification',
      'La liste ne trie que par dernière modification ; certains carnets se lisent mieux par ordre alphabétique.',
    ],
  },
  {
    key: 'word-count',
    title: 'Word count and reading time',
    summary: ['Shown at the bottom of the editor'],
    description: 'Kept internal while the status bar is redesigned.',
    status: 'Backlog',
    project: null,
    de: [
      'Wortzahl und Lesezeit',
      'Bleibt intern, solange die Statusleiste unten im Editor überarbeitet wird und ihr Platz noch offen ist.',
    ],
    fr: [
      'Nombre de mots et temps de lecture',
      'Reste interne pendant la refonte de la barre d’état en bas de l’éditeur, dont la place reste à décider.',
    ],
  },
  {
    key: 'tables',
    title: 'Tables in the editor',
    summary: ['Add rows and columns, resize and sort them'],
    description: 'Comparisons and small budgets need a grid; pasting from spreadsheets should keep cells.',
    status: 'In Progress',
    project: null,
    de: [
      'Tabellen im Editor',
      'Vergleiche und kleine Budgets brauchen ein Raster; Einfügen aus Tabellenkalkulationen soll Zellen erhalten.',
    ],
    fr: [
      'Tableaux dans l’éditeur',
      'Comparatifs et petits budgets demandent une grille ; coller depuis un tableur doit garder les cellules.',
    ],
  },
  {
    key: 'code-blocks',
    title: 'Code blocks with syntax highlighting',
    summary: ['Pick the language, copy with one click'],
    description: 'Developers keep snippets in notes and want them coloured and in a monospace font.',
    status: 'Done',
    project: null,
    de: [
      'Codeblöcke mit Syntaxhervorhebung',
      'Entwickler sammeln Codeschnipsel in Notizen und möchten sie farbig und in Festbreitenschrift.',
    ],
    fr: [
      'Blocs de code avec coloration syntaxique',
      'Les développeurs gardent des extraits de code dans leurs notes et les veulent colorés, en police à chasse fixe.',
    ],
  },
  {
    key: 'latex',
    title: 'Math equations with LaTeX',
    summary: ['Inline and block formulas rendered as you type'],
    description: 'Students and researchers write formulas and today paste screenshots of them instead.',
    status: 'Backlog',
    project: null,
    de: [
      'Mathematische Formeln mit LaTeX',
      'Studierende und Forschende schreiben Formeln und fügen heute stattdessen Bildschirmfotos ein.',
    ],
    fr: [
      'Formules mathématiques en LaTeX',
      'Étudiants et chercheurs écrivent des formules et collent aujourd’hui des captures d’écran à la place.',
    ],
  },
  {
    key: 'storage-report',
    title: 'Storage usage report',
    summary: ['Which notebooks and attachments use the most space'],
    description: 'Accounts hit their storage limit without knowing which files to clean up.',
    status: 'Todo',
    project: 4,
    de: [
      'Bericht zur Speichernutzung',
      'Konten erreichen ihr Speicherlimit, ohne zu wissen, welche Dateien sie aufräumen sollen.',
    ],
    fr: [
      'Rapport d’utilisation du stockage',
      'Les comptes atteignent leur limite de stockage sans savoir quels fichiers supprimer.',
    ],
  },
  {
    key: 'activity-report',
    title: 'Team activity report',
    summary: ['Who created and edited what, per week'],
    description: 'Team admins want to see which shared notebooks are alive and which are abandoned.',
    status: 'Backlog',
    project: 4,
    de: [
      'Aktivitätsbericht für Teams',
      'Team-Admins möchten sehen, welche geteilten Notizbücher genutzt werden und welche verwaist sind.',
    ],
    fr: [
      'Rapport d’activité de l’équipe',
      'Les administrateurs veulent voir quels carnets partagés vivent encore et lesquels sont abandonnés.',
    ],
  },
  {
    key: 'drag-drop-files',
    title: 'Attach files by drag and drop',
    summary: ['Drop images, PDFs and documents into a note'],
    description: 'Attaching a file takes three clicks through a dialog; dragging it in should be enough.',
    status: 'Done',
    project: null,
    de: [
      'Dateien per Drag-and-drop anhängen',
      'Eine Datei anzuhängen kostet drei Klicks durch einen Dialog; Hineinziehen soll genügen.',
    ],
    fr: [
      'Joindre des fichiers par glisser-déposer',
      'Joindre un fichier demande trois clics dans une boîte de dialogue ; le faire glisser devrait suffire.',
    ],
  },
  {
    key: 'sync-conflicts',
    title: 'Sync conflicts lose changes',
    summary: ['Edits made on two devices should be merged, not overwritten'],
    description: 'Writing on the laptop and the phone before they sync keeps only one of the versions.',
    status: 'In Progress',
    project: 1,
    de: [
      'Synchronisierungskonflikte verlieren Änderungen',
      'Wer auf Laptop und Handy schreibt, bevor sie synchronisieren, behält nur eine der Fassungen.',
    ],
    fr: [
      'Les conflits de synchronisation perdent des modifications',
      'Écrire sur l’ordinateur et le téléphone avant la synchronisation ne garde qu’une des versions.',
    ],
  },
  {
    key: 'startup-speed',
    title: 'Faster start-up with large notebooks',
    summary: ['The desktop app takes 20 seconds to open with 10,000 notes'],
    description: 'Long-time users with big libraries wait at a blank window every morning.',
    status: 'In Review',
    project: null,
    de: [
      'Schnellerer Start bei großen Notizbüchern',
      'Die Desktop-App braucht mit 10.000 Notizen 20 Sekunden zum Öffnen; langjährige Nutzer warten jeden Morgen.',
    ],
    fr: [
      'Démarrage plus rapide avec de gros carnets',
      'Avec 10 000 notes, l’application de bureau met 20 secondes à s’ouvrir ; les anciens utilisateurs attendent chaque matin.',
    ],
  },
  {
    key: 'email-to-note',
    title: 'Forward emails into a notebook',
    summary: ['A personal address that turns mail into notes'],
    description: 'Receipts, confirmations and newsletters should land in the notes app by forwarding them.',
    status: 'Todo',
    project: null,
    de: [
      'E-Mails in ein Notizbuch weiterleiten',
      'Belege, Bestätigungen und Newsletter sollen per Weiterleitung in der Notiz-App landen.',
    ],
    fr: [
      'Transférer des e-mails dans un carnet',
      'Reçus, confirmations et lettres d’information doivent arriver dans l’application de notes par transfert.',
    ],
  },
  {
    key: 'dark-export',
    title: 'Dark colours in shared pages and emails',
    summary: ['Public pages and notification emails follow the reader’s theme'],
    description: 'The app is dark but shared pages and the emails it sends still flash white at night.',
    status: 'In Progress',
    project: 0,
    de: [
      'Dunkle Farben in geteilten Seiten und E-Mails',
      'Die App ist dunkel, aber geteilte Seiten und versendete E-Mails leuchten nachts noch weiß.',
    ],
    fr: [
      'Couleurs sombres dans les pages partagées et les e-mails',
      'L’application est sombre, mais les pages partagées et les e-mails envoyés restent blancs la nuit.',
    ],
  },
] as const satisfies readonly DemoIssue[];

/** The name of one demo issue, for the labelled drafts. */
export type DemoIssueKey = (typeof DEMO_ISSUES)[number]['key'];

/** Issues kept off the portal (`isVisible: false`): set aside, or internal until something else ships. */
export const HIDDEN_ISSUES: ReadonlySet<DemoIssueKey> = new Set(['graph-view', 'zapier', 'word-count']);
