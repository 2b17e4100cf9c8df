import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { usePrefersDark } from './color-scheme.ts';
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
 * `prefers-color-scheme` live in `auto` mode), exposes it as custom properties beneath the
 * public `--hearken-*` ones, and sets `lang`/`dir`. Use with {@link BASE_CSS}.
 */
export function ThemeScope({ branding, mode, lang, dir, class: className, children }: ThemeScopeProps) {
  const prefersDark = usePrefersDark(mode === 'auto');
  const scheme = resolveScheme(mode, prefersDark, branding?.darkMode);
  const style = useMemo(() => paletteProperties(resolvePalette(branding, scheme)), [branding, scheme]);
  return (
    <div
      class={className ? `hk-root ${className}` : 'hk-root'}
      data-scheme={scheme}
      lang={lang}
      dir={dir}
      style={style}
    >
      {children}
    </div>
  );
}
