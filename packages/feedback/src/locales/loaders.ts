import type { MessagesLoader } from '@hearken/ui';
import type { FeedbackMessages } from './en.ts';

/** The languages beside English, each loaded on demand (one table per language, whole). */
export const LOCALE_LOADERS: Readonly<Record<string, MessagesLoader<FeedbackMessages>>> = {
  de: () => import('./de.ts'),
  fr: () => import('./fr.ts'),
  es: () => import('./es.ts'),
  ar: () => import('./ar.ts'),
};
