import type { Catalog } from '@hearken/ui';
import { en, type FeedbackMessages } from './locales/en.ts';

export { en, type FeedbackMessages };

export const catalog: Catalog<FeedbackMessages> = {
  en,
  loaders: {
    de: () => import('./locales/de.ts'),
    fr: () => import('./locales/fr.ts'),
    es: () => import('./locales/es.ts'),
    ar: () => import('./locales/ar.ts'),
  },
};
