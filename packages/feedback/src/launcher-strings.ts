import type { Catalog } from '@hearken/ui';
import { enLauncher } from './locales/en-launcher.ts';
import { LOCALE_LOADERS } from './locales/loaders.ts';

/** The strings the launcher shows (its name and its badge's). */
export type LauncherMessages = { [K in keyof typeof enLauncher]: string };

/**
 * The launcher's strings, for the view that draws it before the form loads: English built in,
 * other languages from the same tables as the form's (loaded once for both).
 */
export const launcherCatalog: Catalog<LauncherMessages> = { en: enLauncher, loaders: LOCALE_LOADERS };
