import {
  AA_TEXT_CONTRAST,
  canReachContrast,
  contrastRatio,
  ensureContrast,
  mix,
  parseColor,
  type Rgb,
  toHex,
} from './color.ts';
import { warnOnce } from './warn.ts';

/** `auto` follows the reader's `prefers-color-scheme`; `light` and `dark` force one. */
export type ThemeMode = 'auto' | 'light' | 'dark';
export type ColorScheme = 'light' | 'dark';

/**
 * Brand colours as the workspace sends them (field names as in the API's workspace object).
 * Missing or `null` fields use the default palette.
 */
export interface Branding {
  darkMode?: boolean | null;
  backgroundColor?: string | null;
  darkModeBackgroundColor?: string | null;
  textColor?: string | null;
  darkModeTextColor?: string | null;
  accentColor?: string | null;
  darkModeAccentColor?: string | null;
  accentTextColor?: string | null;
  darkModeAccentTextColor?: string | null;
  buttonTextColor?: string | null;
  darkModeButtonTextColor?: string | null;
}

/** The colours a widget paints with, each `#rrggbb`. */
export interface Palette {
  /** Page background of the widget. */
  background: string;
  /** Body text; at least 4.5:1 on `background` and `surface`. */
  text: string;
  /** Brand colour: filled buttons, progress bars, badges. */
  accent: string;
  /** Accent-coloured text and links; at least 4.5:1 on `background` and `surface`. */
  accentText: string;
  /** Text on `accent` fills; at least 4.5:1 on `accent`. */
  buttonText: string;
  /** Cards and inputs, a shade off the background. */
  surface: string;
  /** Hairlines and dividers (decorative). */
  border: string;
  /** Secondary text; at least 4.5:1 on `background` and `surface`. */
  muted: string;
}

type BaseKey = 'background' | 'text' | 'accent' | 'accentText' | 'buttonText';
/** The API's names for a base colour and its dark twin; indexing `Branding` with one type-checks it. */
type BrandField = `${BaseKey}Color` | `darkMode${Capitalize<BaseKey>}Color`;

/** The palette used where a workspace sets nothing (or something invalid). */
export const DEFAULT_PALETTES: Readonly<Record<ColorScheme, Readonly<Record<BaseKey, string>>>> = {
  light: { background: '#ffffff', text: '#1f2328', accent: '#4f46e5', accentText: '#4338ca', buttonText: '#ffffff' },
  dark: { background: '#16181d', text: '#e6e8eb', accent: '#818cf8', accentText: '#a5b4fc', buttonText: '#0f1115' },
};

function brandColor(branding: Branding, key: BaseKey, scheme: ColorScheme): Rgb {
  // The API's names: `accentTextColor`, and `darkModeAccentTextColor` for the dark twin.
  const field = (
    scheme === 'dark' ? `darkMode${key[0]!.toUpperCase()}${key.slice(1)}Color` : `${key}Color`
  ) as BrandField;
  const raw = branding[field];
  if (typeof raw === 'string' && raw.trim() !== '') {
    const parsed = parseColor(raw);
    if (parsed) return parsed;
    warnOnce(
      `color:${field}:${raw}`,
      `Ignoring ${field} ${JSON.stringify(raw.slice(0, 64))}: only #hex, rgb() and hsl() colours are accepted. Using the default.`,
    );
  }
  return parseColor(DEFAULT_PALETTES[scheme][key])!;
}

/**
 * Builds the palette for one colour scheme from workspace branding: invalid colours fall back
 * to the defaults (reported once via `console.warn`), and text/accent pairs that miss WCAG AA
 * (4.5:1) are made darker or lighter in their own hue until they read; accent text that misses
 * takes the accent's hue, so links never lose the brand colour.
 */
export function resolvePalette(branding: Branding | null | undefined, scheme: ColorScheme): Palette {
  const source = branding ?? {};
  const background = brandColor(source, 'background', scheme);
  const textRaw = brandColor(source, 'text', scheme);
  const tint = mix(background, textRaw, 0.045);
  // Near mid-grey no colour may read on both shades; then cards simply use the background.
  const surface = canReachContrast([background, tint]) ? tint : background;
  const readable = (color: Rgb) => ensureContrast(color, [background, surface], AA_TEXT_CONTRAST);
  const text = readable(textRaw);
  const accent = brandColor(source, 'accent', scheme);
  const accentTextRaw = brandColor(source, 'accentText', scheme);
  // Links and the selected tab carry the brand: an accent text colour that cannot be read (often
  // the text meant for accent fills, such as #fff) is replaced by the accent itself, made darker or
  // lighter in its own hue, rather than the accent text colour repaired into a grey.
  const reads = (color: Rgb) => [background, surface].every((under) => contrastRatio(color, under) >= AA_TEXT_CONTRAST);
  const accentText = reads(accentTextRaw) ? accentTextRaw : readable(accent);
  return {
    background: toHex(background),
    text: toHex(text),
    accent: toHex(accent),
    accentText: toHex(accentText),
    buttonText: toHex(ensureContrast(brandColor(source, 'buttonText', scheme), accent)),
    surface: toHex(surface),
    border: toHex(mix(background, text, 0.16)),
    muted: toHex(readable(mix(text, background, 0.3))),
  };
}

const MODES: readonly string[] = ['auto', 'light', 'dark'];

/** Narrows an attribute value to a {@link ThemeMode}; anything else is `undefined`. */
export function parseThemeMode(value: string | null | undefined): ThemeMode | undefined {
  return value && MODES.includes(value) ? (value as ThemeMode) : undefined;
}

/**
 * Picks the colour scheme: an explicit `light`/`dark` wins, `auto` follows the reader, and with
 * no mode the workspace's `darkMode` flag decides.
 */
export function resolveScheme(
  mode: ThemeMode | null | undefined,
  prefersDark: boolean,
  workspaceDarkMode: boolean | null | undefined,
): ColorScheme {
  if (mode === 'light' || mode === 'dark') return mode;
  if (mode === 'auto') return prefersDark ? 'dark' : 'light';
  return workspaceDarkMode ? 'dark' : 'light';
}

/**
 * Inline custom properties carrying a palette. The stylesheet reads each public
 * `--hearken-*` property first and falls back to these, so a host's overrides always win.
 */
export function paletteProperties(palette: Palette): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(palette)) {
    properties[`--hk-ws-${key.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)}`] = value;
  }
  return properties;
}
