/**
 * Colour parsing and WCAG contrast maths. Only `#hex`, `rgb()`/`rgba()` and `hsl()`/`hsla()`
 * are accepted; every accepted colour is re-serialised as `#rrggbb`, so nothing a server sends
 * is ever copied into CSS verbatim.
 */

/** An opaque sRGB colour, channels 0-255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i;
// Written so that no text can be matched in more than one way: a hostile colour string cannot
// make the pattern backtrack for long.
const NUMBER = '[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:e[+-]?\\d+)?(?:%|deg)?';
// Legacy comma syntax, or modern space syntax with an optional "/ alpha"; nothing else fits.
const FUNCTION = new RegExp(
  `^(rgb|hsl)a?\\(\\s*${NUMBER}(?:(?:\\s*,\\s*${NUMBER}){2,3}|(?:\\s+${NUMBER}){2}(?:\\s*/\\s*${NUMBER})?)\\s*\\)$`,
  'i',
);

// `match` with a global pattern starts from 0 whatever `lastIndex` says, so one instance serves.
const NUMBERS = new RegExp(NUMBER, 'gi');

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Parses a CSS colour in one of the accepted notations. Returns `null` for anything else
 * (named colours, `var()`, `url()`, other functions, stray characters). Alpha is read for
 * validity and then ignored: brand colours are used opaque so contrast can be guaranteed.
 */
export function parseColor(input: string): Rgb | null {
  const value = input.trim();
  const hex = HEX.exec(value)?.[1];
  if (hex) {
    const digits = hex.length < 5 ? hex.replace(/./g, '$&$&') : hex;
    const byte = (at: number) => Number.parseInt(digits.slice(at, at + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4) };
  }
  const fn = FUNCTION.exec(value)?.[1]?.toLowerCase();
  if (!fn) return null;
  const args = value.slice(4).match(NUMBERS)!;
  const numbers = args.map(Number.parseFloat);
  const deg = args.map((arg) => /g$/i.test(arg));
  const percent = args.map((arg) => arg.endsWith('%'));
  if (deg[3] || !numbers.every(Number.isFinite)) return null;
  const [a, b, c] = numbers as [number, number, number];
  if (fn === 'rgb') {
    if (deg[0] || deg[1] || deg[2]) return null;
    const [r, g, bl] = numbers.map((n, i) => Math.round(clamp(percent[i] ? (n * 255) / 100 : n, 0, 255))) as [
      number,
      number,
      number,
    ];
    return { r, g, b: bl };
  }
  if (percent[0] || deg[1] || deg[2]) return null;
  return fromHsl({ h: a, s: clamp(b, 0, 100) / 100, l: clamp(c, 0, 100) / 100 });
}

/** A colour as hue (degrees), saturation and lightness (0-1). */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** The sRGB colour (whole channels) of an HSL colour. */
export function fromHsl({ h, s, l }: Hsl): Rgb {
  const hue = (((h % 360) + 360) % 360) / 30;
  const f = (n: number) => {
    const k = (n + hue) % 12;
    // max(0, …): float error can leave a hair below zero, which would round to -0.
    return Math.max(0, Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)))));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

/** The HSL form of a colour; greys get hue and saturation 0. */
export function toHsl({ r, g, b }: Rgb): Hsl {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  const chroma = max - min;
  if (chroma === 0) return { h: 0, s: 0, l };
  const s = chroma / (1 - Math.abs(2 * l - 1));
  const sector =
    max === red
      ? ((green - blue) / chroma + 6) % 6
      : max === green
        ? (blue - red) / chroma + 2
        : (red - green) / chroma + 4;
  return { h: sector * 60, s, l };
}

/** `#rrggbb` for a colour. */
export function toHex({ r, g, b }: Rgb): string {
  const byte = (n: number) =>
    Math.round(clamp(n, 0, 255))
      .toString(16)
      .padStart(2, '0');
  return `#${byte(r)}${byte(g)}${byte(b)}`;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => (c <= 10.31475 ? c / 3294.6 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const x = luminance(a) + 0.05;
  const y = luminance(b) + 0.05;
  return x > y ? x / y : y / x;
}

/** Mixes `to` into `from` by `amount` (0 = from, 1 = to) in sRGB. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  const t = clamp(amount, 0, 1);
  const at = (key: keyof Rgb) => Math.round(from[key] + (to[key] - from[key]) * t);
  return { r: at('r'), g: at('g'), b: at('b') };
}

/** The WCAG AA minimum for body text. */
export const AA_TEXT_CONTRAST = 4.5;

const worst = (color: Rgb, backgrounds: readonly Rgb[]) =>
  Math.min(...backgrounds.map((background) => contrastRatio(color, background)));

/** Black or white, whichever contrasts more against the worst of `backgrounds`. */
function pole(backgrounds: readonly Rgb[]): Rgb {
  const white = { r: 255, g: 255, b: 255 };
  const black = { r: 0, g: 0, b: 0 };
  return worst(white, backgrounds) >= worst(black, backgrounds) ? white : black;
}

/** Whether some colour (black or white at worst) reaches `minimum` against all `backgrounds`. */
export function canReachContrast(backgrounds: readonly Rgb[], minimum = AA_TEXT_CONTRAST): boolean {
  return worst(pole(backgrounds), backgrounds) >= minimum;
}

/**
 * Returns `foreground` unchanged when it reaches `minimum` contrast against every background,
 * otherwise the colour closest to it in its own hue and saturation that does: only its HSL
 * lightness moves, darker or lighter (whichever way contrasts more), so a brand colour stays
 * recognisably itself instead of washing out to grey. Against a single background black or
 * white (the ends of that lightness scale) always reach 4.5:1; for several, check
 * {@link canReachContrast} first.
 */
export function ensureContrast(foreground: Rgb, background: Rgb | readonly Rgb[], minimum = AA_TEXT_CONTRAST): Rgb {
  const backgrounds = 'r' in background ? [background] : background;
  const reaches = (color: Rgb) => worst(color, backgrounds) >= minimum;
  if (reaches(foreground)) return foreground;
  const target = pole(backgrounds);
  const hsl = toHsl(foreground);
  const end = target.r === 0 ? 0 : 1;
  const at = (amount: number) => fromHsl({ ...hsl, l: hsl.l + (end - hsl.l) * amount });
  // For a fixed hue and saturation every channel grows with lightness, so contrast against the
  // backgrounds grows steadily towards the pole and halving the interval finds the nearest shade.
  let low = 0;
  let high = 1;
  for (let i = 0; i < 16; i++) {
    const middle = (low + high) / 2;
    if (reaches(at(middle))) high = middle;
    else low = middle;
  }
  const adjusted = at(high);
  // Rounding to whole channels can land a hair under the line; the pole itself never does.
  return reaches(adjusted) ? adjusted : target;
}
