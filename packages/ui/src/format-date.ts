const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date (ISO 8601) in `language`, e.g. "October 15, 2026"; a date that does not parse stays as given. */
export function formatDate(iso: string, language: string): string {
  let formatter = dateFormats.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    dateFormats.set(language, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}
