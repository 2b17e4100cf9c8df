import type { Catalog } from '@hearken/ui';
import { en, type RoadmapStrings } from './locales/en.ts';

// The English strings and their type sit one step lower, beside the other languages, which take their type.
export { en, type RoadmapStringKey, type RoadmapStrings } from './locales/en.ts';

/** English built in; other languages are separate chunks loaded when asked for. */
export const catalog: Catalog<RoadmapStrings> = {
  en,
  loaders: {
    de: () => import('./locales/de.ts'),
    fr: () => import('./locales/fr.ts'),
    es: () => import('./locales/es.ts'),
    ar: () => import('./locales/ar.ts'),
  },
};
