// The Preact binding of signals: a component that reads a signal re-renders when it changes.
import '@preact/signals';
import type { ComponentChildren } from 'preact';
import { prefersDark } from './color-scheme.ts';
import { type Branding, paletteProperties, resolvePalette, resolveScheme, type ThemeMode } from './theme.ts';

/** Props of {@link ThemeScope}. */
export interface ThemeScopeProps {
  branding?: Branding | null | undefined;
  /** `auto`, `light` or `dark`; unset lets the workspace's `darkMode` decide. */
  mode?: ThemeMode | null | undefined;
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
  class?: string | undefined;
  children?: ComponentChildren;
}

/**
 * The themed root of a widget: resolves the palette for the active scheme (following
 * `prefers-color-scheme` live in `auto` mode, through the {@link prefersDark} signal), exposes it
 * as custom properties beneath the public `--hearken-*` ones, and sets `lang`/`dir`. Use with
 * {@link BASE_CSS}.
 */
export function ThemeScope({ branding, mode, lang, dir, class: className, children }: ThemeScopeProps) {
  // Read only in `auto` mode, so a forced or workspace-chosen scheme does not follow the reader's.
  const scheme = resolveScheme(mode, mode === 'auto' && prefersDark.value, branding?.darkMode);
  return (
    <div
      class={className ? `hk-root ${className}` : 'hk-root'}
      data-scheme={scheme}
      lang={lang}
      dir={dir}
      style={paletteProperties(resolvePalette(branding, scheme))}
    >
      {children}
    </div>
  );
}
