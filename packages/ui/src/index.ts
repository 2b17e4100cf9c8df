/**
 * @hearken/ui: the building blocks the Hearken widgets share. Every export is independent
 * and tree-shakable; nothing runs on import.
 */

export { BASE_CSS } from './base-css.ts';
export {
  AA_TEXT_CONTRAST,
  contrastRatio,
  ensureContrast,
  luminance,
  mix,
  parseColor,
  type Rgb,
  toHex,
} from './color.ts';
export { prefersDark } from './color-scheme.ts';
export { errorDetail } from './error-detail.ts';
export { emit, type HearkenErrorDetail, type HearkenEventType, listen } from './events.ts';
export {
  applyLocale,
  baseLanguage,
  type Catalog,
  englishLocale,
  format,
  type Locale,
  loadLocale,
  type Messages,
  type MessagesLoader,
  matchLanguage,
  textDirection,
} from './i18n.ts';
export { type OptionSignals, optionSignals, patchOptions, peekOptions } from './option-signals.ts';
export { type Persisted, type PersistedOptions, persisted } from './persisted.ts';
export { type AttributeMap, reflectAttributes, upgradeProperties } from './reflect.ts';
export { mountShadow, type ShadowMount, type ShadowMountOptions } from './shadow.ts';
export {
  type KeyValueStorage,
  memoryStorage,
  readJson,
  readText,
  resolveStorage,
  writeJson,
  writeText,
} from './storage.ts';
export { adoptStyles } from './styles.ts';
export {
  type Branding,
  type ColorScheme,
  DEFAULT_PALETTES,
  type Palette,
  paletteProperties,
  parseThemeMode,
  resolvePalette,
  resolveScheme,
  type ThemeMode,
} from './theme.ts';
export { ThemeScope, type ThemeScopeProps } from './theme-scope.tsx';
export { safeUrl } from './url.ts';
export { useAdoptedStyles } from './use-adopted-styles.ts';
export { useLocale } from './use-locale.ts';
export { warnOnce } from './warn.ts';
