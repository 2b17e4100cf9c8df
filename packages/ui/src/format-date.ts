const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Formatters kept: a server rendering for visitors' languages must not keep one per tag it was ever sent. */
const KEPT_FORMATS = 32;

/** A date (ISO 8601) in `language`, e.g. "October 15, 2026"; a date that does not parse stays as given. */
export function formatDate(iso: string, language: string): string {
  let formatter = dateFormats.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    // The oldest goes first (a Map keeps insertion order).
    if (dateFormats.size >= KEPT_FORMATS) dateFormats.delete(dateFormats.keys().next().value!);
    dateFormats.set(language, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}
