import { installMatchMedia } from '@hearken/test-support';
import { act, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PALETTES } from './theme.ts';
import { ThemeScope } from './theme-scope.tsx';

let media: ReturnType<typeof installMatchMedia> | undefined;
afterEach(() => media?.restore());

const root = (container: Element) => container.querySelector<HTMLElement>('.hk-root')!;

describe('ThemeScope', () => {
  it('follows prefers-color-scheme live in auto mode and stops listening when unmounted', () => {
    media = installMatchMedia(false);
    const { container, unmount } = render(<ThemeScope mode="auto" branding={{ darkModeAccentColor: '#88aaff' }} />);
    expect(root(container).dataset.scheme).toBe('light');
    expect(root(container).style.getPropertyValue('--hk-ws-accent')).toBe(DEFAULT_PALETTES.light.accent);
    act(() => media!.setDark(true));
    expect(root(container).dataset.scheme).toBe('dark');
    expect(root(container).style.getPropertyValue('--hk-ws-accent')).toBe('#88aaff');
    act(() => media!.setDark(false));
    expect(root(container).dataset.scheme).toBe('light');
    act(() => {
      unmount();
    });
    expect(media.listenerCount()).toBe(0);
  });

  it('ignores the reader preference when a theme is forced, and uses darkMode when none is set', () => {
    media = installMatchMedia(true);
    const forced = render(<ThemeScope mode="light" />);
    expect(root(forced.container).dataset.scheme).toBe('light');
    expect(media.listenerCount()).toBe(0);
    const byWorkspace = render(<ThemeScope branding={{ darkMode: true }} />);
    expect(root(byWorkspace.container).dataset.scheme).toBe('dark');
  });

  it('starts and stops following the reader preference when the mode changes', () => {
    media = installMatchMedia(true);
    const { container, rerender } = render(<ThemeScope mode="light" />);
    expect(root(container).dataset.scheme).toBe('light');
    rerender(<ThemeScope mode="auto" />);
    expect(root(container).dataset.scheme).toBe('dark');
    expect(media.listenerCount()).toBe(1);
    rerender(<ThemeScope mode="light" />);
    expect(root(container).dataset.scheme).toBe('light');
    expect(media.listenerCount()).toBe(0);
  });

  it('sets only private custom properties, so public --hearken-* ones set by a host win', () => {
    const { container } = render(<ThemeScope lang="ar" dir="rtl" />);
    const element = root(container);
    const names = [...Array(element.style.length).keys()].map((index) => element.style.item(index));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('--hk-ws-'))).toBe(true);
    expect(element.getAttribute('dir')).toBe('rtl');
    expect(element.getAttribute('lang')).toBe('ar');
  });
});
