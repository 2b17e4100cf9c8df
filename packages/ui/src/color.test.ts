import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, fromHsl, parseColor, toHex, toHsl } from './color.ts';

const hex = (value: string) => {
  const rgb = parseColor(value);
  return rgb ? toHex(rgb) : null;
};

describe('parseColor', () => {
  it.each([
    ['#fff', '#ffffff'],
    ['#FFFA', '#ffffff'],
    ['#1a2b3c', '#1a2b3c'],
    ['#1a2b3c80', '#1a2b3c'],
    ['  #000000 ', '#000000'],
    ['rgb(255, 0, 0)', '#ff0000'],
    ['rgba(0,128,255,0.5)', '#0080ff'],
    ['rgb(0 128 255 / 50%)', '#0080ff'],
    ['rgb(100%, 0%, 50%)', '#ff0080'],
    ['RGB(300, -5, 0)', '#ff0000'],
    ['hsl(0, 100%, 50%)', '#ff0000'],
    ['hsl(120deg 100% 25%)', '#008000'],
    ['hsla(240, 100%, 50%, 0.3)', '#0000ff'],
    ['hsl(-120 100% 50%)', '#0000ff'],
  ])('accepts %s as %s', (input, expected) => {
    expect(hex(input)).toBe(expected);
  });

  it.each([
    'red',
    'transparent',
    'var(--x)',
    'url(https://evil.example/x.png)',
    '#ff',
    '#ggg',
    '#1234567',
    'rgb(1,2)',
    'rgb(1,2,3,4,5)',
    'rgb(1 2 3 / 4 / 5)',
    'rgb(1deg,2,3)',
    'hsl(10%, 50%, 50%)',
    'rgb(1,2,3);background:url(x)',
    '#fff;}:host{display:none',
    'rgb(calc(1),2,3)',
    'color(display-p3 1 0 0)',
    'expression(alert(1))',
    '',
  ])('refuses %j', (input) => {
    expect(parseColor(input)).toBeNull();
  });

  it('never produces anything but #rrggbb, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (input) => {
        const rgb = parseColor(input);
        if (rgb) expect(toHex(rgb)).toMatch(/^#[0-9a-f]{6}$/);
      }),
      { numRuns: 2000 },
    );
    // 2,000 random strings take seconds on a busy shared machine; the check itself is unchanged.
  }, 30_000);

  it('accepts every well-formed rgb(), hsl() and hex colour', () => {
    const byte = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(byte, byte, byte, (r, g, b) => {
        const expected = toHex({ r, g, b });
        expect(hex(`rgb(${r}, ${g}, ${b})`)).toBe(expected);
        expect(hex(`rgb(${r} ${g} ${b} / 0.5)`)).toBe(expected);
        expect(hex(expected.toUpperCase())).toBe(expected);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: -720, max: 720 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (h, s, l) => {
          expect(hex(`hsl(${h}, ${s}%, ${l}%)`)).toMatch(/^#[0-9a-f]{6}$/);
        },
      ),
    );
  });
});

describe('contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio(parseColor('#000')!, parseColor('#fff')!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#777')!, parseColor('#fff')!)).toBeCloseTo(4.48, 2);
    expect(contrastRatio(parseColor('#fff')!, parseColor('#fff')!)).toBe(1);
  });

  it('leaves a readable pair alone', () => {
    const text = parseColor('#222222')!;
    expect(ensureContrast(text, parseColor('#ffffff')!)).toEqual(text);
  });

  it('moves a low-contrast colour just far enough to reach 4.5:1', () => {
    const background = parseColor('#ffffff')!;
    const adjusted = ensureContrast(parseColor('#ffeb3b')!, background);
    const ratio = contrastRatio(adjusted, background);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(ratio).toBeLessThan(4.8);
  });

  it('keeps the hue and saturation of the colour it repairs, moving only its lightness', () => {
    const white = parseColor('#ffffff')!;
    const black = parseColor('#000000')!;
    for (const [brand, background] of [
      ['#818cf8', white],
      ['#ffeb3b', white],
      ['#4f46e5', black],
      ['#e11d48', parseColor('#16181d')!],
    ] as const) {
      const before = toHsl(parseColor(brand)!);
      const after = toHsl(ensureContrast(parseColor(brand)!, background));
      // Whole-number channels move the hue by a degree or so at most.
      expect(Math.abs(after.h - before.h)).toBeLessThan(3);
      expect(Math.abs(after.s - before.s)).toBeLessThan(0.06);
      expect(after.l).not.toBeCloseTo(before.l, 2);
    }
  });

  it('reads HSL back as it was written', () => {
    const byte = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(byte, byte, byte, (r, g, b) => {
        expect(fromHsl(toHsl({ r, g, b }))).toEqual({ r, g, b });
      }),
    );
  });

  it('reaches AA for any pair of colours', () => {
    const rgb = fc.record({
      r: fc.integer({ min: 0, max: 255 }),
      g: fc.integer({ min: 0, max: 255 }),
      b: fc.integer({ min: 0, max: 255 }),
    });
    fc.assert(
      fc.property(rgb, rgb, (foreground, background) => {
        expect(contrastRatio(ensureContrast(foreground, background), background)).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 1000 },
    );
  });
});
