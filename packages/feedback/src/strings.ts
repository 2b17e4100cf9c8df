import type { Catalog } from '@hearken/ui';
import { LAUNCHER_LABEL } from './launcher-label.ts';

/** Every string the widget shows; each can be overridden through the `strings` option. */
export const en = {
  launcher: LAUNCHER_LABEL,
  dialogTitle: 'Send feedback',
  close: 'Close',
  intro: 'Tell us what works, what doesn’t, or what you’d like to see.',
  message: 'Your feedback',
  messageHint: '{count} of {max} characters',
  title: 'Summary (optional)',
  pain: 'How much does this affect you?',
  pain_UNKNOWN: 'Not sure',
  pain_LOW: 'A little',
  pain_MEDIUM: 'Quite a bit',
  pain_HIGH: 'It blocks me',
  email: 'Email (optional)',
  name: 'Name (optional)',
  signedInAs: 'Sending as {email}',
  aboutIssue: 'About issue “{title}”',
  aboutProject: 'About project “{title}”',
  aboutThisIssue: 'About this issue',
  aboutThisProject: 'About this project',
  removeContext: 'Remove',
  honeypot: 'Leave this field empty',
  submit: 'Send feedback',
  sending: 'Sending…',
  sent: 'Thank you! Your feedback was sent.',
  sendAnother: 'Send more feedback',
  queued: 'You’re offline. Your feedback is saved and will be sent when you’re back online.',
  queueFull: 'Too many messages are waiting to be sent. Please try again later; your text is kept.',
  rateLimited: 'Too many messages right now. We’ll send yours in {seconds} seconds.',
  retrying: 'The service is unavailable. We’ll keep trying to send your feedback.',
  identity: 'Your sign-in has expired. Reload the page to send your feedback.',
  fieldsInvalid: 'Please check the highlighted fields.',
  messageRequired: 'Please write your feedback.',
  messageTooLong: 'Please shorten your feedback to {max} characters.',
  emailInvalid: 'Please enter a valid email address.',
  emailForName: 'Please add your email so we can keep your name, or leave the name empty.',
  failed: 'Your feedback could not be sent ({code}).',
  requestId: 'Reference: {id}',
  launcherUnread: '{label}, {updates}',
  whatsNew: 'What’s new',
  allUpdates: 'All updates',
  newUpdates: '{count} new updates',
  newUpdates_one: '{count} new update',
  newEntry: 'New',
  publishedOn: 'Published {date}',
  seeUpdate: 'Read more',
  dismiss: 'Dismiss',
} as const satisfies Record<string, string>;

export type FeedbackMessages = { [K in keyof typeof en]: string };

export const catalog: Catalog<FeedbackMessages> = {
  en,
  loaders: {
    de: () => import('./locales/de.ts'),
    fr: () => import('./locales/fr.ts'),
    es: () => import('./locales/es.ts'),
    ar: () => import('./locales/ar.ts'),
  },
};
