/**
 * A second product for the labelled drafts, unrelated to the demo's note-taking app: the issues of
 * Tasklane, a team task tracker whose workspace is Acme (identifiers ACME-…), as its portal lists
 * them in each of the five languages, written natively (title, summary and a short description).
 * Its name and the workspace's recur across issues and drafts, as they do in a real inbox.
 */
import type { KeyedIssue } from './issue-lists.ts';

export type TaskLanguage = 'en' | 'de' | 'fr' | 'es' | 'ar';

type Text = readonly [title: string, summary: string, description: string | null];

interface TaskIssue {
  key: string;
  status: 'Backlog' | 'Todo' | 'In Progress' | 'Done' | 'Canceled';
  text: Record<TaskLanguage, Text>;
}

export const TASK_ISSUES: readonly TaskIssue[] = [
  {
    key: 'roadmap-pdf',
    status: 'Todo',
    text: {
      en: [
        'Export roadmap as PDF',
        'Download the roadmap for board meetings and investors',
        'Acme admins want a printable file of the Tasklane roadmap.',
      ],
      de: [
        'Roadmap als PDF exportieren',
        'Die Roadmap für Vorstandssitzungen herunterladen',
        'Admins bei Acme möchten die Tasklane-Roadmap als druckbare Datei.',
      ],
      fr: [
        'Exporter la feuille de route en PDF',
        'Télécharger la feuille de route pour le conseil d’administration',
        'Les admins d’Acme veulent un fichier imprimable de la feuille de route Tasklane.',
      ],
      es: [
        'Exportar la hoja de ruta en PDF',
        'Descargar la hoja de ruta para reuniones del consejo',
        'Los administradores de Acme quieren un archivo imprimible de la hoja de ruta de Tasklane.',
      ],
      ar: [
        'تصدير خارطة الطريق بصيغة PDF',
        'تنزيل خارطة الطريق لاجتماعات مجلس الإدارة',
        'يريد مسؤولو Acme ملفا قابلا للطباعة من خارطة طريق Tasklane.',
      ],
    },
  },
  {
    key: 'weekly-digest',
    status: 'Backlog',
    text: {
      en: ['Weekly digest email', 'A Monday summary of new feedback and status changes', null],
      de: [
        'Wöchentliche Zusammenfassung per E-Mail',
        'Jeden Montag eine Übersicht über neues Feedback und Statusänderungen',
        null,
      ],
      fr: [
        'Résumé hebdomadaire par e-mail',
        'Chaque lundi, un récapitulatif des nouveaux retours et des changements de statut',
        null,
      ],
      es: [
        'Resumen semanal por correo',
        'Cada lunes, un resumen de los comentarios nuevos y los cambios de estado',
        null,
      ],
      ar: ['ملخص أسبوعي بالبريد الإلكتروني', 'ملخص كل يوم اثنين للملاحظات الجديدة وتغييرات الحالة', null],
    },
  },
  {
    key: 'dark-mode',
    status: 'Done',
    text: {
      en: ['Dark mode', 'A night theme for the whole app', 'Follows the system setting or can be switched by hand.'],
      de: [
        'Dunkelmodus',
        'Ein dunkles Design für die ganze App',
        'Folgt der Systemeinstellung oder lässt sich von Hand umschalten.',
      ],
      fr: [
        'Mode sombre',
        'Un thème de nuit pour toute l’application',
        'Suit le réglage du système ou se change à la main.',
      ],
      es: [
        'Modo oscuro',
        'Un tema nocturno para toda la aplicación',
        'Sigue la configuración del sistema o se cambia a mano.',
      ],
      ar: ['الوضع الداكن', 'سمة ليلية للتطبيق كله', 'يتبع إعداد النظام أو يمكن تبديله يدويا.'],
    },
  },
  {
    key: 'shortcuts',
    status: 'Todo',
    text: {
      en: ['Keyboard shortcuts', 'Hotkeys to create, assign and move tasks', null],
      de: ['Tastenkürzel', 'Tastenkombinationen zum Anlegen, Zuweisen und Verschieben von Aufgaben', null],
      fr: ['Raccourcis clavier', 'Des touches pour créer, assigner et déplacer les tâches', null],
      es: ['Atajos de teclado', 'Teclas rápidas para crear, asignar y mover tareas', null],
      ar: ['اختصارات لوحة المفاتيح', 'مفاتيح سريعة لإنشاء المهام وإسنادها ونقلها', null],
    },
  },
  {
    key: 'two-factor',
    status: 'In Progress',
    text: {
      en: ['Two-factor authentication', 'One-time codes from an authenticator app at login', null],
      de: ['Zwei-Faktor-Authentifizierung', 'Einmalcodes aus einer Authenticator-App bei der Anmeldung', null],
      fr: [
        'Authentification à deux facteurs',
        'Des codes à usage unique d’une application d’authentification à la connexion',
        null,
      ],
      es: [
        'Autenticación de dos factores',
        'Códigos de un solo uso de una aplicación de autenticación al iniciar sesión',
        null,
      ],
      ar: ['المصادقة الثنائية', 'رموز لمرة واحدة من تطبيق مصادقة عند تسجيل الدخول', null],
    },
  },
  {
    key: 'sso',
    status: 'Todo',
    text: {
      en: [
        'Single sign-on with SAML',
        'Log in through Okta or Azure AD',
        'Required by the security reviews of larger Acme customers.',
      ],
      de: [
        'Single Sign-On mit SAML',
        'Anmeldung über Okta oder Azure AD',
        'Von den Sicherheitsprüfungen größerer Kunden verlangt.',
      ],
      fr: [
        'Authentification unique (SSO) avec SAML',
        'Connexion via Okta ou Azure AD',
        'Exigée par les audits de sécurité des grands clients.',
      ],
      es: [
        'Inicio de sesión único con SAML',
        'Entrar a través de Okta o Azure AD',
        'Lo exigen las revisiones de seguridad de los clientes grandes.',
      ],
      ar: ['تسجيل الدخول الموحد عبر SAML', 'الدخول عبر Okta أو Azure AD', 'تطلبه مراجعات الأمان لدى العملاء الكبار.'],
    },
  },
  {
    key: 'slack-notify',
    status: 'Backlog',
    text: {
      en: ['Slack notifications', 'Post task updates to a Slack channel', null],
      de: ['Slack-Benachrichtigungen', 'Aufgaben-Updates in einen Slack-Kanal posten', null],
      fr: ['Notifications Slack', 'Publier les mises à jour des tâches dans un canal Slack', null],
      es: ['Notificaciones de Slack', 'Publicar las novedades de las tareas en un canal de Slack', null],
      ar: ['إشعارات Slack', 'نشر تحديثات المهام في قناة Slack', null],
    },
  },
  {
    key: 'slack-create',
    status: 'Todo',
    text: {
      en: ['Create tasks from Slack messages', 'A message action that turns a Slack thread into a task', null],
      de: [
        'Aufgaben aus Slack-Nachrichten erstellen',
        'Eine Nachrichtenaktion, die einen Slack-Thread zur Aufgabe macht',
        null,
      ],
      fr: [
        'Créer des tâches depuis des messages Slack',
        'Une action de message qui transforme un fil Slack en tâche',
        null,
      ],
      es: [
        'Crear tareas desde mensajes de Slack',
        'Una acción de mensaje que convierte un hilo de Slack en tarea',
        null,
      ],
      ar: ['إنشاء مهام من رسائل Slack', 'إجراء على الرسالة يحول محادثة Slack إلى مهمة', null],
    },
  },
  {
    key: 'csv-import',
    status: 'Done',
    text: {
      en: ['Import tasks from a CSV file', 'Map spreadsheet columns to task fields', null],
      de: ['Aufgaben aus einer CSV-Datei importieren', 'Tabellenspalten den Aufgabenfeldern zuordnen', null],
      fr: ['Importer des tâches depuis un fichier CSV', 'Associer les colonnes du tableur aux champs des tâches', null],
      es: [
        'Importar tareas desde un archivo CSV',
        'Asignar las columnas de la hoja de cálculo a los campos de la tarea',
        null,
      ],
      ar: ['استيراد المهام من ملف CSV', 'ربط أعمدة جدول البيانات بحقول المهام', null],
    },
  },
  {
    key: 'jira-sync',
    status: 'Backlog',
    text: {
      en: ['Two-way sync with Jira', 'Keep status and comments in step with Jira issues', null],
      de: ['Zwei-Wege-Synchronisierung mit Jira', 'Status und Kommentare mit Jira-Tickets abgleichen', null],
      fr: [
        'Synchronisation bidirectionnelle avec Jira',
        'Garder statuts et commentaires alignés avec les tickets Jira',
        null,
      ],
      es: [
        'Sincronización bidireccional con Jira',
        'Mantener estados y comentarios al día con las incidencias de Jira',
        null,
      ],
      ar: ['مزامنة ثنائية الاتجاه مع Jira', 'إبقاء الحالة والتعليقات متطابقة مع تذاكر Jira', null],
    },
  },
  {
    key: 'custom-domain',
    status: 'Todo',
    text: {
      en: ['Custom domain for the public portal', 'Serve the portal from your own address', null],
      de: ['Eigene Domain für das öffentliche Portal', 'Das Portal unter der eigenen Adresse ausliefern', null],
      fr: ['Domaine personnalisé pour le portail public', 'Servir le portail depuis votre propre adresse', null],
      es: ['Dominio propio para el portal público', 'Servir el portal desde tu propia dirección', null],
      ar: ['نطاق مخصص للبوابة العامة', 'تقديم البوابة من عنوانك الخاص', null],
    },
  },
  {
    key: 'mobile-app',
    status: 'In Progress',
    text: {
      en: ['Native mobile app for iOS and Android', 'Manage tasks and get push notifications on the phone', null],
      de: [
        'Native Handy-App für iOS und Android',
        'Aufgaben verwalten und Push-Benachrichtigungen auf dem Telefon',
        null,
      ],
      fr: [
        'Application mobile native pour iOS et Android',
        'Gérer les tâches et recevoir des notifications push sur le téléphone',
        null,
      ],
      es: [
        'Aplicación móvil nativa para iOS y Android',
        'Gestionar tareas y recibir notificaciones push en el teléfono',
        null,
      ],
      ar: ['تطبيق جوال أصلي لنظامي iOS وAndroid', 'إدارة المهام وتلقي الإشعارات على الهاتف', null],
    },
  },
  {
    key: 'merge-duplicates',
    status: 'Backlog',
    text: {
      en: ['Merge duplicate requests', 'Combine the votes and comments of two requests into one', null],
      de: ['Doppelte Anfragen zusammenführen', 'Stimmen und Kommentare zweier Anfragen vereinen', null],
      fr: ['Fusionner les demandes en double', 'Réunir les votes et commentaires de deux demandes en une', null],
      es: ['Fusionar solicitudes duplicadas', 'Unir los votos y comentarios de dos solicitudes en una', null],
      ar: ['دمج الطلبات المكررة', 'جمع أصوات وتعليقات طلبين في طلب واحد', null],
    },
  },
  {
    key: 'recurring-tasks',
    status: 'Todo',
    text: {
      en: ['Recurring tasks', 'Repeat a task every day, week or month', null],
      de: ['Wiederkehrende Aufgaben', 'Eine Aufgabe täglich, wöchentlich oder monatlich wiederholen', null],
      fr: ['Tâches récurrentes', 'Répéter une tâche chaque jour, semaine ou mois', null],
      es: ['Tareas recurrentes', 'Repetir una tarea cada día, semana o mes', null],
      ar: ['المهام المتكررة', 'تكرار مهمة كل يوم أو أسبوع أو شهر', null],
    },
  },
  {
    key: 'time-tracking',
    status: 'Backlog',
    text: {
      en: ['Time tracking on tasks', 'Start a timer and log hours against a task', null],
      de: ['Zeiterfassung für Aufgaben', 'Einen Timer starten und Stunden auf eine Aufgabe buchen', null],
      fr: ['Suivi du temps sur les tâches', 'Lancer un minuteur et saisir des heures sur une tâche', null],
      es: ['Control de tiempo en las tareas', 'Iniciar un temporizador y registrar horas en una tarea', null],
      ar: ['تتبع الوقت في المهام', 'تشغيل مؤقت وتسجيل الساعات على مهمة', null],
    },
  },
  {
    key: 'gantt',
    status: 'Canceled',
    text: {
      en: ['Gantt chart', 'Tasks and their dependencies on a timeline', null],
      de: ['Gantt-Diagramm', 'Aufgaben und Abhängigkeiten auf einer Zeitleiste', null],
      fr: ['Diagramme de Gantt', 'Les tâches et leurs dépendances sur une frise', null],
      es: ['Diagrama de Gantt', 'Las tareas y sus dependencias en una línea de tiempo', null],
      ar: ['مخطط جانت', 'المهام واعتمادياتها على خط زمني', null],
    },
  },
  {
    key: 'calendar-view',
    status: 'Todo',
    text: {
      en: ['Calendar view of due dates', 'Tasks shown on a month calendar', null],
      de: ['Kalenderansicht der Fälligkeiten', 'Aufgaben in einem Monatskalender', null],
      fr: ['Vue calendrier des échéances', 'Les tâches affichées sur un calendrier mensuel', null],
      es: ['Vista de calendario de fechas límite', 'Las tareas en un calendario mensual', null],
      ar: ['عرض التقويم لمواعيد الاستحقاق', 'المهام معروضة على تقويم شهري', null],
    },
  },
  {
    key: 'attachments',
    status: 'Backlog',
    text: {
      en: ['Larger file attachments', 'Upload files up to 100 MB to a task', null],
      de: ['Größere Dateianhänge', 'Dateien bis 100 MB an eine Aufgabe hochladen', null],
      fr: ['Pièces jointes plus lourdes', 'Téléverser des fichiers jusqu’à 100 Mo sur une tâche', null],
      es: ['Archivos adjuntos más grandes', 'Subir archivos de hasta 100 MB a una tarea', null],
      ar: ['مرفقات ملفات أكبر', 'رفع ملفات حتى 100 ميغابايت إلى مهمة', null],
    },
  },
  {
    key: 'bulk-edit',
    status: 'Todo',
    text: {
      en: ['Bulk edit tasks', 'Change the status, assignee or labels of many tasks at once', null],
      de: ['Aufgaben gesammelt bearbeiten', 'Status, Zuständige oder Labels vieler Aufgaben auf einmal ändern', null],
      fr: [
        'Modifier des tâches en masse',
        'Changer le statut, le responsable ou les étiquettes de plusieurs tâches à la fois',
        null,
      ],
      es: [
        'Edición masiva de tareas',
        'Cambiar el estado, el responsable o las etiquetas de muchas tareas a la vez',
        null,
      ],
      ar: ['تعديل المهام دفعة واحدة', 'تغيير الحالة أو المسؤول أو التصنيفات لعدة مهام معا', null],
    },
  },
  {
    key: 'api-webhooks',
    status: 'In Progress',
    text: {
      en: ['Public API and webhooks', 'Create tasks and listen to changes from your own code', null],
      de: ['Öffentliche API und Webhooks', 'Aufgaben aus eigenem Code anlegen und auf Änderungen hören', null],
      fr: ['API publique et webhooks', 'Créer des tâches et écouter les changements depuis votre code', null],
      es: ['API pública y webhooks', 'Crear tareas y escuchar los cambios desde tu propio código', null],
      ar: ['واجهة برمجة عامة وخطافات ويب', 'إنشاء المهام والاستماع إلى التغييرات من الكود الخاص بك', null],
    },
  },
  {
    key: 'guest-access',
    status: 'Backlog',
    text: {
      en: ['Guest access for clients', 'Invite external clients to see selected projects only', null],
      de: ['Gastzugang für Kunden', 'Externe Kunden einladen, die nur ausgewählte Projekte sehen', null],
      fr: ['Accès invité pour les clients', 'Inviter des clients externes à ne voir que certains projets', null],
      es: ['Acceso de invitados para clientes', 'Invitar a clientes externos a ver solo algunos proyectos', null],
      ar: ['وصول الضيوف للعملاء', 'دعوة عملاء خارجيين لرؤية مشاريع محددة فقط', null],
    },
  },
  {
    key: 'rtl-layout',
    status: 'Backlog',
    text: {
      en: ['Right-to-left layout', 'Arabic and Hebrew text laid out from the right', null],
      de: ['Layout von rechts nach links', 'Arabischer und hebräischer Text von rechts gesetzt', null],
      fr: ['Mise en page de droite à gauche', 'Textes arabes et hébreux disposés depuis la droite', null],
      es: ['Diseño de derecha a izquierda', 'Texto árabe y hebreo alineado desde la derecha', null],
      ar: ['واجهة من اليمين إلى اليسار', 'عرض النصوص العربية والعبرية من اليمين', null],
    },
  },
  {
    key: 'audit-log',
    status: 'Todo',
    text: {
      en: ['Audit log of admin changes', 'Who changed permissions, billing or settings, and when', null],
      de: [
        'Audit-Protokoll der Admin-Änderungen',
        'Wer Berechtigungen, Abrechnung oder Einstellungen wann geändert hat',
        null,
      ],
      fr: [
        'Journal d’audit des changements d’admin',
        'Qui a modifié les droits, la facturation ou les réglages, et quand',
        null,
      ],
      es: [
        'Registro de auditoría de cambios de administración',
        'Quién cambió permisos, facturación o ajustes, y cuándo',
        null,
      ],
      ar: ['سجل تدقيق لتغييرات المسؤولين', 'من غيّر الصلاحيات أو الفوترة أو الإعدادات ومتى', null],
    },
  },
  {
    key: 'subtasks',
    status: 'Done',
    text: {
      en: ['Subtasks and checklists', 'Break a task into smaller steps with their own assignee', null],
      de: ['Unteraufgaben und Checklisten', 'Eine Aufgabe in kleinere Schritte mit eigenen Zuständigen teilen', null],
      fr: [
        'Sous-tâches et listes de contrôle',
        'Découper une tâche en étapes plus petites avec leur propre responsable',
        null,
      ],
      es: ['Subtareas y listas de control', 'Dividir una tarea en pasos más pequeños con su propio responsable', null],
      ar: ['مهام فرعية وقوائم تحقق', 'تقسيم المهمة إلى خطوات أصغر لكل منها مسؤول', null],
    },
  },
];

/**
 * Tasklane's issues as its portal lists them in `language`, the Canceled ones left out (the form
 * never offers them), each identified as the host shows it (`ACME-201`…).
 */
export function taskIssues(language: TaskLanguage): KeyedIssue[] {
  return TASK_ISSUES.filter((issue) => issue.status !== 'Canceled').map((issue) => {
    const [title, summary, description] = issue.text[language];
    return { key: issue.key, title, summary: [summary], description };
  });
}

export type TaskIssueKey = (typeof TASK_ISSUES)[number]['key'];
