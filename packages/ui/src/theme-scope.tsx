import { Component, type ComponentChildren } from 'preact';
import { prefersDark, watchPrefersDark } from './color-scheme.ts';
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
 *
 * A class rather than hooks, so a widget written without hooks (the feedback form)
 * does not load them for its theme.
 */
export class ThemeScope extends Component<ThemeScopeProps, { dark: boolean }> {
  override state = { dark: prefersDark() };
  #unwatch: (() => void) | null = null;

  override componentDidMount(): void {
    this.#follow();
  }

  override componentDidUpdate(): void {
    this.#follow();
  }

  override componentWillUnmount(): void {
    this.#unwatch?.();
  }

  /** Listens to the reader's colour-scheme preference only while the mode is `auto`. */
  #follow(): void {
    const auto = this.props.mode === 'auto';
    if (auto === (this.#unwatch !== null)) return;
    this.#unwatch?.();
    this.#unwatch = null;
    if (!auto) return;
    this.#unwatch = watchPrefersDark((dark) => this.setState({ dark }));
    if (prefersDark() !== this.state.dark) this.setState({ dark: !this.state.dark });
  }

  override render({ branding, mode, lang, dir, class: className, children }: ThemeScopeProps) {
    // A fresh style object each render costs no DOM writes: Preact compares it key by key.
    const scheme = resolveScheme(mode, this.state.dark, branding?.darkMode);
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
}
