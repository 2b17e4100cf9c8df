import type { Catalog } from '@hearken/ui';

import { type ScreenshotMessages, screenshotEn } from './locales/en.ts';

export { type ScreenshotMessages, screenshotEn };

export const screenshotCatalog: Catalog<ScreenshotMessages> = {
  en: screenshotEn,
  loaders: {
    de: () => import('./locales/de.ts'),
    fr: () => import('./locales/fr.ts'),
    es: () => import('./locales/es.ts'),
    ar: () => import('./locales/ar.ts'),
  },
};
