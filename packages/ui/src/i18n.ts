/** A flat table of message templates. `{name}` is replaced by a value; see {@link format}. */
export type Messages = Record<string, string>;

/** Loads one language's messages (a module whose default export is a partial table). */
export type MessagesLoader<M extends Messages> = () => Promise<{ default: Partial<M> }>;

/**
 * A widget's strings: English built in, other languages loaded on demand, so each
 * language lands in its own chunk (`() => import('./locales/de.ts')`).
 */
export interface Catalog<M extends Messages> {
  readonly en: M;
  readonly loaders: Readonly<Record<string, MessagesLoader<M>>>;
}

/** The messages for a language, with its direction. */
export interface Locale<M extends Messages> {
  /** The language actually used (`en` when the requested one is not available). */
  language: string;
  dir: 'ltr' | 'rtl';
  messages: M;
}

/** Primary subtag in lower case: `de-AT` → `de`. */
export function baseLanguage(language: string | null | undefined): string {
  return (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** Text direction of a language tag. */
export function textDirection(language: string | null | undefined): 'ltr' | 'rtl' {
  return /^(ar|ckb|dv|fa|he|iw|ps|sd|ug|ur|yi)$/.test(baseLanguage(language)) ? 'rtl' : 'ltr';
}

/** The catalog language serving `requested`: exact base match, else `en`. */
export function matchLanguage(catalog: Catalog<Messages>, requested: string | null | undefined): string {
  const base = baseLanguage(requested);
  return Object.hasOwn(catalog.loaders, base) ? base : 'en';
}

/** A region subtag after the language (and an optional script): `de-AT`, `es-419`, `zh-Hant-TW`. */
const REGION = /^[a-z]{2,3}(?:[-_][a-z]{4})?[-_]([a-z]{2}|\d{3})(?:[-_]|$)/i;

/**
 * The tag a widget serving `requested` works in: the catalog language (see {@link matchLanguage})
 * with the requested region where it names one (`de-AT` stays, the service may hold a translation
 * for it), nothing else. Taken apart as text, never by Intl: a server rendering for visitors'
 * languages then meets a few tags, however many distinct ones visitors send.
 */
export function supportedTag(catalog: Catalog<Messages>, requested: string | null | undefined): string {
  const language = matchLanguage(catalog, requested);
  const region = language === baseLanguage(requested) ? REGION.exec((requested ?? '').trim())?.[1] : undefined;
  return region ? `${language}-${region.toUpperCase()}` : language;
}

// Each language's table, by its loader, so a catalog loads each language once per page.
const tables = new Map<MessagesLoader<Messages>, Promise<Partial<Messages>>>();

/**
 * Resolves a language's messages: English, then the language's own table (loaded once per
 * catalog), then `overrides`. A language that fails to load falls back to English.
 */
export async function loadLocale<M extends Messages>(
  catalog: Catalog<M>,
  requested: string | null | undefined,
  overrides?: Partial<M> | null,
): Promise<Locale<M>> {
  const language = matchLanguage(catalog, requested);
  const loader = catalog.loaders[language] as MessagesLoader<Messages> | undefined;
  let table: Partial<Messages> = {};
  if (loader) {
    let pending = tables.get(loader);
    if (!pending) {
      pending = loader().then((module) => module.default);
      tables.set(loader, pending);
      pending.catch(() => tables.delete(loader));
    }
    try {
      table = await pending;
    } catch {
      return englishLocale(catalog, overrides);
    }
  }
  return { language, dir: textDirection(language), messages: { ...catalog.en, ...table, ...overrides } as M };
}

/** English messages with overrides applied, available synchronously. */
export function englishLocale<M extends Messages>(catalog: Catalog<M>, overrides?: Partial<M> | null): Locale<M> {
  return { language: 'en', dir: 'ltr', messages: { ...catalog.en, ...overrides } as M };
}

/**
 * Calls `apply` with the locale for `language`: English at once, another language once its table
 * has loaded. Returns a function that drops a load still pending, for when the inputs change.
 */
export function applyLocale<M extends Messages>(
  catalog: Catalog<M>,
  language: string | null | undefined,
  overrides: Partial<M> | null | undefined,
  apply: (locale: Locale<M>) => void,
): () => void {
  let current = true;
  if (matchLanguage(catalog, language) === 'en') apply(englishLocale(catalog, overrides));
  else
    void loadLocale(catalog, language, overrides).then((next) => {
      if (current) apply(next);
    });
  return () => {
    current = false;
  };
}

/**
 * Fills `{name}` placeholders. A numeric `count` first selects the plural form
 * `key_one`/`key_two`/`key_few`/`key_many`/`key_zero` (per `Intl.PluralRules` for `language`)
 * when the table has one, falling back to `key`.
 */
export function format<M extends Messages>(
  locale: Locale<M>,
  key: keyof M & string,
  values: Record<string, string | number> = {},
): string {
  const { messages, language } = locale;
  const { count } = values;
  // English needs no Intl: its plural rule is simple, and its digits are grouped below.
  const plural =
    typeof count === 'number'
      ? messages[
          `${key}_${language === 'en' ? (count === 1 ? 'one' : 'other') : intl(Intl.PluralRules, language).select(count)}`
        ]
      : undefined;
  return (plural ?? messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (typeof value !== 'number') return value;
    if (language === 'en' && Number.isInteger(value)) return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return intl(Intl.NumberFormat, language).format(value);
  });
}

// Intl constructors are slow, and the first one in a page also loads the browser's locale data
// (tens of milliseconds): cache them, and leave them out entirely for English.
const intls = new Map<string, unknown>();
/** Instances kept: a server rendering for visitors' languages must not keep one per tag it was ever sent. */
const KEPT_INTLS = 64;

function intl<T>(Ctor: new (language: string) => T, language: string): T {
  const key = Ctor.name + language;
  let instance = intls.get(key) as T | undefined;
  if (!instance) {
    instance = new Ctor(language);
    // The oldest goes first (a Map keeps insertion order).
    if (intls.size >= KEPT_INTLS) intls.delete(intls.keys().next().value!);
    intls.set(key, instance);
  }
  return instance;
}
