import type { Catalog } from '@hearken/ui';
import { en, type FeedbackMessages } from './locales/en.ts';
import { LOCALE_LOADERS } from './locales/loaders.ts';

export { en, type FeedbackMessages };

export const catalog: Catalog<FeedbackMessages> = { en, loaders: LOCALE_LOADERS };
