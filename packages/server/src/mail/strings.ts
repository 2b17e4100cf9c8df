/**
 * The words of every email and of the unsubscribe page, in the widgets' five languages. `{name}`
 * placeholders are filled by `fill`; the values are escaped afterwards where HTML needs it.
 */
import type { THREAD_STATES } from '@hearken/core';

export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Languages written right to left: their HTML gets `dir="rtl"`. */
export const RTL_LANGUAGES: ReadonlySet<MailLanguage> = new Set(['ar']);

type ThreadState = (typeof THREAD_STATES)[number];

export interface MailStrings {
  statusSubject: string;
  statusBody: string;
  shippedSubject: string;
  shippedBody: string;
  updateSubject: string;
  updateBody: string;
  /** One line per changed field of `notify.email`. */
  changed: Record<'state' | 'title' | 'text' | 'painLevel' | 'project' | 'other', string>;
  states: Record<ThreadState, string>;
  replyHint: string;
  why: string;
  stopIssue: string;
  stopAll: string;
  pageTitle: string;
  pageAskIssue: string;
  pageAskAll: string;
  pageButton: string;
  pageDoneIssue: string;
  pageDoneAll: string;
  pageInvalid: string;
}

const en: MailStrings = {
  statusSubject: '{title}: now {status}',
  statusBody: 'The request you follow, “{title}”, moved from {previous} to {status}.',
  shippedSubject: 'Shipped: {titles}',
  shippedBody: 'What you asked for has shipped in “{entry}”:',
  updateSubject: 'Update on your feedback: {title}',
  updateBody: 'There is news on your feedback “{title}”.',
  changed: {
    state: 'Status: {value}',
    title: 'Its title changed',
    text: 'Its description changed',
    painLevel: 'Its priority changed',
    project: 'It is now part of: {value}',
    other: 'Details were updated',
  },
  states: { NEW: 'new', PROCESSED: 'in review', COMPLETED: 'done', SNOOZED: 'on hold', UNSNOOZED: 'back in review' },
  replyHint: 'Reply to this email to answer {sender}.',
  why: 'You get this email because you asked {workspace} to tell you about this request.',
  stopIssue: 'Stop following this request',
  stopAll: 'Stop all email from {workspace}',
  pageTitle: 'Unsubscribe',
  pageAskIssue: 'Stop emails from {workspace} about this request?',
  pageAskAll: 'Stop all emails from {workspace}?',
  pageButton: 'Unsubscribe',
  pageDoneIssue: 'Done: no more emails about this request.',
  pageDoneAll: 'Done: {workspace} will send you no more emails.',
  pageInvalid: 'This unsubscribe link is not valid (token). Use the link of a recent email.',
};

const de: MailStrings = {
  statusSubject: '{title}: jetzt {status}',
  statusBody: 'Der Wunsch, dem Sie folgen, „{title}“, ging von {previous} zu {status}.',
  shippedSubject: 'Ausgeliefert: {titles}',
  shippedBody: 'Ihr Wunsch wurde ausgeliefert in „{entry}“:',
  updateSubject: 'Neuigkeiten zu Ihrem Feedback: {title}',
  updateBody: 'Es gibt Neuigkeiten zu Ihrem Feedback „{title}“.',
  changed: {
    state: 'Status: {value}',
    title: 'Der Titel wurde geändert',
    text: 'Die Beschreibung wurde geändert',
    painLevel: 'Die Priorität wurde geändert',
    project: 'Gehört jetzt zu: {value}',
    other: 'Details wurden aktualisiert',
  },
  states: {
    NEW: 'neu',
    PROCESSED: 'in Prüfung',
    COMPLETED: 'erledigt',
    SNOOZED: 'pausiert',
    UNSNOOZED: 'wieder in Prüfung',
  },
  replyHint: 'Antworten Sie auf diese E-Mail, um {sender} zu schreiben.',
  why: 'Sie erhalten diese E-Mail, weil Sie {workspace} gebeten haben, Sie über diesen Wunsch zu informieren.',
  stopIssue: 'Diesem Wunsch nicht mehr folgen',
  stopAll: 'Keine E-Mails mehr von {workspace}',
  pageTitle: 'Abmelden',
  pageAskIssue: 'Keine E-Mails von {workspace} mehr zu diesem Wunsch?',
  pageAskAll: 'Keine E-Mails mehr von {workspace}?',
  pageButton: 'Abmelden',
  pageDoneIssue: 'Erledigt: keine E-Mails mehr zu diesem Wunsch.',
  pageDoneAll: 'Erledigt: {workspace} schickt Ihnen keine E-Mails mehr.',
  pageInvalid: 'Dieser Abmeldelink ist ungültig (token). Nutzen Sie den Link einer neueren E-Mail.',
};

const fr: MailStrings = {
  statusSubject: '{title} : désormais {status}',
  statusBody: 'La demande que vous suivez, « {title} », est passée de {previous} à {status}.',
  shippedSubject: 'Livré : {titles}',
  shippedBody: 'Ce que vous avez demandé est livré dans « {entry} » :',
  updateSubject: 'Du nouveau sur votre retour : {title}',
  updateBody: 'Il y a du nouveau sur votre retour « {title} ».',
  changed: {
    state: 'Statut : {value}',
    title: 'Son titre a changé',
    text: 'Sa description a changé',
    painLevel: 'Sa priorité a changé',
    project: 'Il fait désormais partie de : {value}',
    other: 'Des détails ont été mis à jour',
  },
  states: {
    NEW: 'nouveau',
    PROCESSED: 'en cours d’examen',
    COMPLETED: 'terminé',
    SNOOZED: 'en pause',
    UNSNOOZED: 'de nouveau en examen',
  },
  replyHint: 'Répondez à cet e-mail pour écrire à {sender}.',
  why: 'Vous recevez cet e-mail car vous avez demandé à {workspace} de vous tenir informé de cette demande.',
  stopIssue: 'Ne plus suivre cette demande',
  stopAll: 'Ne plus recevoir d’e-mails de {workspace}',
  pageTitle: 'Se désabonner',
  pageAskIssue: 'Ne plus recevoir d’e-mails de {workspace} sur cette demande ?',
  pageAskAll: 'Ne plus recevoir aucun e-mail de {workspace} ?',
  pageButton: 'Se désabonner',
  pageDoneIssue: 'C’est fait : plus d’e-mails sur cette demande.',
  pageDoneAll: 'C’est fait : {workspace} ne vous enverra plus d’e-mails.',
  pageInvalid: 'Ce lien de désabonnement n’est pas valide (token). Utilisez celui d’un e-mail récent.',
};

const es: MailStrings = {
  statusSubject: '{title}: ahora {status}',
  statusBody: 'La petición que sigues, «{title}», pasó de {previous} a {status}.',
  shippedSubject: 'Publicado: {titles}',
  shippedBody: 'Lo que pediste se ha publicado en «{entry}»:',
  updateSubject: 'Novedades sobre tu comentario: {title}',
  updateBody: 'Hay novedades sobre tu comentario «{title}».',
  changed: {
    state: 'Estado: {value}',
    title: 'Su título cambió',
    text: 'Su descripción cambió',
    painLevel: 'Su prioridad cambió',
    project: 'Ahora forma parte de: {value}',
    other: 'Se actualizaron detalles',
  },
  states: {
    NEW: 'nuevo',
    PROCESSED: 'en revisión',
    COMPLETED: 'hecho',
    SNOOZED: 'en pausa',
    UNSNOOZED: 'de nuevo en revisión',
  },
  replyHint: 'Responde a este correo para escribir a {sender}.',
  why: 'Recibes este correo porque pediste a {workspace} que te avisara sobre esta petición.',
  stopIssue: 'Dejar de seguir esta petición',
  stopAll: 'No recibir más correos de {workspace}',
  pageTitle: 'Darse de baja',
  pageAskIssue: '¿Dejar de recibir correos de {workspace} sobre esta petición?',
  pageAskAll: '¿Dejar de recibir todos los correos de {workspace}?',
  pageButton: 'Darse de baja',
  pageDoneIssue: 'Hecho: no más correos sobre esta petición.',
  pageDoneAll: 'Hecho: {workspace} no te enviará más correos.',
  pageInvalid: 'Este enlace para darse de baja no es válido (token). Usa el de un correo reciente.',
};

const ar: MailStrings = {
  statusSubject: '{title}: الآن {status}',
  statusBody: 'الطلب الذي تتابعه، «{title}»، انتقل من {previous} إلى {status}.',
  shippedSubject: 'تم الإطلاق: {titles}',
  shippedBody: 'ما طلبته أُطلق في «{entry}»:',
  updateSubject: 'جديد بشأن ملاحظاتك: {title}',
  updateBody: 'هناك جديد بشأن ملاحظاتك «{title}».',
  changed: {
    state: 'الحالة: {value}',
    title: 'تغيّر عنوانها',
    text: 'تغيّر وصفها',
    painLevel: 'تغيّرت أولويتها',
    project: 'أصبحت جزءًا من: {value}',
    other: 'تم تحديث التفاصيل',
  },
  states: {
    NEW: 'جديدة',
    PROCESSED: 'قيد المراجعة',
    COMPLETED: 'منجزة',
    SNOOZED: 'معلّقة',
    UNSNOOZED: 'عادت إلى المراجعة',
  },
  replyHint: 'رُدّ على هذه الرسالة لتكتب إلى {sender}.',
  why: 'تصلك هذه الرسالة لأنك طلبت من {workspace} إعلامك بشأن هذا الطلب.',
  stopIssue: 'إيقاف متابعة هذا الطلب',
  stopAll: 'إيقاف كل رسائل {workspace}',
  pageTitle: 'إلغاء الاشتراك',
  pageAskIssue: 'إيقاف رسائل {workspace} بشأن هذا الطلب؟',
  pageAskAll: 'إيقاف كل رسائل {workspace}؟',
  pageButton: 'إلغاء الاشتراك',
  pageDoneIssue: 'تم: لن تصلك رسائل أخرى بشأن هذا الطلب.',
  pageDoneAll: 'تم: لن يرسل لك {workspace} أي رسائل أخرى.',
  pageInvalid: 'رابط إلغاء الاشتراك هذا غير صالح (token). استخدم رابط رسالة حديثة.',
};

export const MAIL_STRINGS: Record<MailLanguage, MailStrings> = { en, de, fr, es, ar };

/** The mail language for a thread's `metadata.language` (`de`, `de-AT`, ...); English otherwise. */
export function mailLanguage(tag: string | undefined): MailLanguage {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (MAIL_LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as MailLanguage) : 'en';
}

/** `template` with each `{name}` replaced by its value (plain text; escape afterwards for HTML). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
