import { useEffect, useState } from 'preact/hooks';
import { applyLocale, type Catalog, englishLocale, type Locale, type Messages } from './i18n.ts';

/**
 * Hook: the locale for `language`. Renders English at once (or `initial`, a locale already
 * loaded), then switches when the language's table has loaded. Keep `overrides` referentially
 * stable to avoid reloads.
 */
export function useLocale<M extends Messages>(
  catalog: Catalog<M>,
  language: string | null | undefined,
  overrides?: Partial<M> | null,
  initial?: Locale<M>,
): Locale<M> {
  const [locale, setLocale] = useState(() => initial ?? englishLocale(catalog, overrides));
  useEffect(() => applyLocale(catalog, language, overrides, setLocale), [catalog, language, overrides]);
  return locale;
}
