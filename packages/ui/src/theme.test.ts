import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contrastRatio, parseColor, toHsl } from './color.ts';
import { DEFAULT_PALETTES, paletteProperties, parseThemeMode, resolvePalette, resolveScheme } from './theme.ts';

const ratio = (a: string, b: string) => contrastRatio(parseColor(a)!, parseColor(b)!);

afterEach(() => vi.restoreAllMocks());

describe('resolvePalette', () => {
  it('maps each workspace colour to its role, with the dark twins in dark mode', () => {
    const branding = {
      backgroundColor: '#fafafa',
      textColor: 'rgb(17, 17, 17)',
      accentColor: '#0b5fff',
      accentTextColor: '#0047cc',
      buttonTextColor: '#ffffff',
      darkModeBackgroundColor: 'hsl(0, 0%, 7%)',
      darkModeTextColor: '#f0f0f0',
      darkModeAccentColor: '#7aa7ff',
      darkModeAccentTextColor: '#9bbcff',
      darkModeButtonTextColor: '#000000',
    };
    expect(resolvePalette(branding, 'light')).toMatchObject({
      background: '#fafafa',
      text: '#111111',
      accent: '#0b5fff',
      accentText: '#0047cc',
      buttonText: '#ffffff',
    });
    expect(resolvePalette(branding, 'dark')).toMatchObject({
      background: '#121212',
      text: '#f0f0f0',
      accent: '#7aa7ff',
      accentText: '#9bbcff',
      buttonText: '#000000',
    });
  });

  it('uses the default palette for missing values', () => {
    expect(resolvePalette(null, 'light')).toMatchObject(DEFAULT_PALETTES.light);
    expect(resolvePalette({ backgroundColor: null, textColor: '' }, 'dark')).toMatchObject(DEFAULT_PALETTES.dark);
  });

  it('falls back and warns once for a colour that is not hex, rgb() or hsl()', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const branding = { accentColor: 'red;}:host{background:url(https://evil.example)}' };
    expect(resolvePalette(branding, 'light').accent).toBe(DEFAULT_PALETTES.light.accent);
    resolvePalette(branding, 'light');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('accentColor');
  });

  it('lifts unreadable brand pairs to WCAG AA', () => {
    const palette = resolvePalette(
      {
        backgroundColor: '#ffffff',
        textColor: '#eeeeee',
        accentColor: '#ffff00',
        accentTextColor: '#ffff00',
        buttonTextColor: '#ffffff',
      },
      'light',
    );
    expect(ratio(palette.text, palette.background)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(palette.text, palette.surface)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(palette.accentText, palette.background)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(palette.buttonText, palette.accent)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(palette.muted, palette.surface)).toBeGreaterThanOrEqual(4.5);
    expect(palette.accent).toBe('#ffff00');
  });

  it('repairs unreadable accent text from the accent in its own hue, never into a grey', () => {
    // The demo seed's pairs: white (light) and near-black (dark) accent text, meant for fills.
    const branding = {
      accentColor: '#4f46e5',
      accentTextColor: '#ffffff',
      darkModeAccentColor: '#818cf8',
      darkModeAccentTextColor: '#0f172a',
    };
    const light = resolvePalette({ ...branding, accentColor: '#a5b4fc' }, 'light');
    const accentHue = toHsl(parseColor('#a5b4fc')!).h;
    const repaired = toHsl(parseColor(light.accentText)!);
    expect(ratio(light.accentText, light.background)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(light.accentText, light.surface)).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(repaired.h - accentHue)).toBeLessThan(3);
    expect(repaired.s).toBeGreaterThan(0.5);
    // An accent that already reads on the background is the link colour as it is.
    expect(resolvePalette(branding, 'light').accentText).toBe('#4f46e5');
    expect(resolvePalette(branding, 'dark').accentText).toBe('#818cf8');
  });

  it('keeps a readable accent text colour of its own', () => {
    expect(resolvePalette({ accentColor: '#4f46e5', accentTextColor: '#0f766e' }, 'light').accentText).toBe('#0f766e');
  });

  it('keeps both default palettes at AA', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const palette = resolvePalette(null, scheme);
      expect(palette).toMatchObject(DEFAULT_PALETTES[scheme]);
      expect(ratio(palette.muted, palette.surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('turns any server value into #rrggbb colours only, readable in every pair', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const color = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('#fff', 'rgb(1 2 3)', 'hsl(10 20% 30%)', '#123456', 'url(x)', '}', ';'),
      fc
        .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
        .map(([r, g, b]) => `rgb(${r},${g},${b})`),
    );
    fc.assert(
      fc.property(
        fc.record({
          backgroundColor: color,
          textColor: color,
          accentColor: color,
          accentTextColor: color,
          buttonTextColor: color,
        }),
        fc.constantFrom('light' as const, 'dark' as const),
        (branding, scheme) => {
          const palette = resolvePalette(branding, scheme);
          for (const value of Object.values(paletteProperties(palette))) expect(value).toMatch(/^#[0-9a-f]{6}$/);
          expect(ratio(palette.text, palette.background)).toBeGreaterThanOrEqual(4.5);
          expect(ratio(palette.accentText, palette.background)).toBeGreaterThanOrEqual(4.5);
          expect(ratio(palette.buttonText, palette.accent)).toBeGreaterThanOrEqual(4.5);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('resolveScheme', () => {
  it('lets an explicit theme win, auto follow the reader, and darkMode decide otherwise', () => {
    expect(resolveScheme('light', true, true)).toBe('light');
    expect(resolveScheme('dark', false, false)).toBe('dark');
    expect(resolveScheme('auto', true, false)).toBe('dark');
    expect(resolveScheme('auto', false, true)).toBe('light');
    expect(resolveScheme(undefined, true, false)).toBe('light');
    expect(resolveScheme(undefined, false, true)).toBe('dark');
  });

  it('reads only known theme attribute values', () => {
    expect(parseThemeMode('dark')).toBe('dark');
    expect(parseThemeMode('purple')).toBeUndefined();
    expect(parseThemeMode(null)).toBeUndefined();
  });
});

describe('paletteProperties', () => {
  it('names one --hk-ws-* property per palette colour, as BASE_CSS reads them', () => {
    expect(Object.keys(paletteProperties(resolvePalette(null, 'light'))).sort()).toEqual([
      '--hk-ws-accent',
      '--hk-ws-accent-text',
      '--hk-ws-background',
      '--hk-ws-border',
      '--hk-ws-button-text',
      '--hk-ws-muted',
      '--hk-ws-surface',
      '--hk-ws-text',
    ]);
  });
});
