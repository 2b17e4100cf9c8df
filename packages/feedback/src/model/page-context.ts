import {
  METADATA_KEY_PATTERN,
  METADATA_MAX_ENTRIES,
  METADATA_VALUE_MAX_LENGTH,
  type ThreadMetadata,
} from '@hearken/core';

import type { HostContext } from '../options.ts';

export type { HostContext };

/** The keys the form fills itself; a host key of the same name replaces the form's value. */
export const PAGE_CONTEXT_KEYS = [
  'page_url',
  'page_title',
  'language',
  'time_zone',
  'viewport',
  'browser',
  'os',
] as const;

/**
 * Every metadata key the form may fill itself: its page context and the kind the user picks. The
 * host's entries keep room for all of them, so a host at the limit never makes the service refuse
 * what the user wrote.
 */
export const FORM_METADATA_KEYS = [...PAGE_CONTEXT_KEYS, 'kind'] as const;

/** A host context entry the thread metadata's limits refuse; it is left out of what is sent. */
export class PageContextError extends Error {
  override readonly name = 'PageContextError';
  constructor(
    /** The host's key (`context` itself for too many entries). */
    readonly key: string,
    readonly code: 'invalid_key' | 'not_a_string' | 'too_long' | 'too_many',
    message: string,
  ) {
    super(message);
  }
}

/** What the page context is read from; the browser's globals unless a test gives others. */
export interface PageEnvironment {
  location?: { href: string } | undefined;
  document?: { title: string } | undefined;
  navigator?:
    | {
        language?: string;
        userAgent?: string;
        userAgentData?: { brands?: { brand: string; version: string }[]; platform?: string } | undefined;
      }
    | undefined;
  innerWidth?: number | undefined;
  innerHeight?: number | undefined;
}

const clip = (value: string) => value.slice(0, METADATA_VALUE_MAX_LENGTH);

/** The URL without query string and fragment, unless `full`: they often hold tokens and personal data. */
function pageUrl(href: string, full: boolean): string {
  if (full) return href;
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname}`;
  } catch {
    return href.replace(/[?#].*$/s, '');
  }
}

// Oldest first: each later browser's string names the earlier ones too.
const BROWSERS: [RegExp, string][] = [
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Version\/(\d+).*Safari\//, 'Safari'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Edg\w*\/(\d+)/, 'Edge'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Linux/, 'Linux'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
];
const last = (pairs: [RegExp, string][], text: string) => {
  let found: [string, string | undefined] | undefined;
  for (const [pattern, name] of pairs) {
    const match = pattern.exec(text);
    if (match) found = [name, match[1]];
  }
  return found;
};

/**
 * Browser and OS: from User-Agent Client Hints' low-entropy values where the browser has them
 * (a brand with its major version, the platform), else from the User-Agent string's well-known
 * tokens. Nothing finer is asked for: the form needs the family, not a fingerprint.
 */
export function browserAndOs(navigator: PageEnvironment['navigator']): { browser?: string; os?: string } {
  const hints = navigator?.userAgentData;
  const result: { browser?: string; os?: string } = {};
  // Browsers list made-up brands (e.g. "Not:A-Brand") so sites do not match on order; Chromium
  // names its engine beside the browser built on it, which is the one to report where there is one.
  const real = hints?.brands?.filter(({ brand: name }) => !/not.a.brand/i.test(name)) ?? [];
  const brand = real.find(({ brand: name }) => name !== 'Chromium') ?? real[0];
  if (brand) result.browser = `${brand.brand} ${brand.version}`;
  if (hints?.platform) result.os = hints.platform;
  const agent = navigator?.userAgent ?? '';
  if (!result.browser) {
    const found = last(BROWSERS, agent);
    if (found) result.browser = found[1] ? `${found[0]} ${found[1]}` : found[0];
  }
  if (!result.os) {
    const found = last(SYSTEMS, agent);
    if (found) result.os = found[0];
  }
  return result;
}

/** The form's own page context, read now: page, title, language, time zone, viewport, browser and OS. */
export function collectPageContext(
  options: { fullUrl?: boolean | undefined } = {},
  environment: PageEnvironment = globalThis as PageEnvironment,
): ThreadMetadata {
  const context: Record<string, string> = {};
  const { location, document, navigator, innerWidth, innerHeight } = environment;
  if (location?.href) context.page_url = pageUrl(location.href, Boolean(options.fullUrl));
  if (document?.title) context.page_title = document.title;
  if (navigator?.language) context.language = navigator.language;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) context.time_zone = zone;
  if (innerWidth && innerHeight) context.viewport = `${innerWidth}x${innerHeight}`;
  Object.assign(context, browserAndOs(navigator));
  for (const key of Object.keys(context)) context[key] = clip(context[key]!);
  return context;
}

/**
 * The host's context entries the thread metadata's limits accept, and an error naming each one
 * they refuse (checked before sending, so the host hears which key, and the rest still goes).
 * `taken` are the keys the form fills itself, which count towards the entries' limit.
 */
export function checkHostContext(
  host: Readonly<Record<string, unknown>>,
  taken: readonly string[] = FORM_METADATA_KEYS,
): { accepted: Record<string, string>; errors: PageContextError[] } {
  const accepted: Record<string, string> = {};
  const errors: PageContextError[] = [];
  const used = new Set(taken);
  for (const [key, value] of Object.entries(host)) {
    if (!METADATA_KEY_PATTERN.test(key)) {
      errors.push(
        new PageContextError(
          key,
          'invalid_key',
          `context.${key}: keys are 1-40 characters of A-Z, a-z, 0-9, _, . or -`,
        ),
      );
    } else if (typeof value !== 'string') {
      errors.push(new PageContextError(key, 'not_a_string', `context.${key}: must be a string`));
    } else if (value.length > METADATA_VALUE_MAX_LENGTH) {
      errors.push(
        new PageContextError(key, 'too_long', `context.${key}: at most ${METADATA_VALUE_MAX_LENGTH} characters`),
      );
    } else if (!used.has(key) && used.size >= METADATA_MAX_ENTRIES) {
      errors.push(
        new PageContextError(
          key,
          'too_many',
          `context.${key}: left out, the thread metadata holds at most ${METADATA_MAX_ENTRIES} entries and the form keeps ${taken.length} of them for its own (${taken.join(', ')})`,
        ),
      );
    } else {
      used.add(key);
      accepted[key] = value;
    }
  }
  return { accepted, errors };
}
