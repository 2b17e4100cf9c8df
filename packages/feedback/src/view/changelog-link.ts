import { safeUrl } from '@hearken/ui';

/**
 * The host's changelog page as a link: `changelog-url` may be relative to the host page (it is the
 * host's own page, unlike the service's data); only http and https are kept.
 */
export function changelogLink(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = safeUrl(new URL(value, document.baseURI).href, 'link');
    return url?.startsWith('http') ? url : null;
  } catch {
    return null;
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An entry's date in the widget's language, e.g. "October 15, 2026". */
export function formatDate(iso: string, language: string): string {
  let formatter = dateFormats.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    dateFormats.set(language, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}
