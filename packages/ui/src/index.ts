/**
 * @hearken/ui: the building blocks the Hearken widgets share. Every export is independent
 * and tree-shakable; nothing runs on import. It includes everything of `@hearken/ui/dom`,
 * `@hearken/ui/model`, `@hearken/ui/option-signals`, `@hearken/ui/launcher-room` and
 * `@hearken/ui/changelog-shown`.
 */

export { BASE_CSS } from './base-css.ts';
export { answerChangelogShown, changelogShownOnPage } from './changelog-shown.ts';
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
export * from './dom.ts';
export { formatDate } from './format-date.ts';
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
  supportedTag,
  textDirection,
} from './i18n.ts';
export { answerLauncherRoom, type LauncherRoomAnswer, launcherRoom, onLauncherMoved } from './launcher-room.ts';
export * from './model.ts';
export * from './option-signals.ts';
export { mountShadow, type ShadowMount, type ShadowMountOptions } from './shadow.ts';
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
