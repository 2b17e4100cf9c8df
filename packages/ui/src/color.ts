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

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION = /^(rgba?|hsla?)\(([^()]*)\)$/i;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(%|deg)?$/i;

interface Arg {
  value: number;
  unit: string;
}

function parseArgs(body: string): Arg[] | null {
  const trimmed = body.trim();
  // Legacy comma syntax, or modern space syntax with an optional "/ alpha".
  const parts = trimmed.includes(',') ? trimmed.split(',') : trimmed.replace('/', ' / ').split(/\s+/);
  const args: Arg[] = [];
  let slash = false;
  for (const raw of parts) {
    const part = raw.trim();
    if (part === '/') {
      if (slash || args.length !== 3) return null;
      slash = true;
      continue;
    }
    const match = NUMBER.exec(part);
    if (!match) return null;
    args.push({ value: Number.parseFloat(part), unit: (match[1] ?? '').toLowerCase() });
  }
  if (args.length !== 3 && args.length !== 4) return null;
  if (slash && args.length !== 4) return null;
  return args.every((arg) => Number.isFinite(arg.value)) ? args : null;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function channel(arg: Arg): number | null {
  if (arg.unit === 'deg') return null;
  return Math.round(clamp(arg.unit === '%' ? (arg.value * 255) / 100 : arg.value, 0, 255));
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

/**
 * Parses a CSS colour in one of the accepted notations. Returns `null` for anything else
 * (named colours, `var()`, `url()`, other functions, stray characters). Alpha is read for
 * validity and then ignored: brand colours are used opaque so contrast can be guaranteed.
 */
export function parseColor(input: string): Rgb | null {
  const value = input.trim();
  const hex = HEX.exec(value);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    return {
      r: Number.parseInt(digits.slice(0, 2), 16),
      g: Number.parseInt(digits.slice(2, 4), 16),
      b: Number.parseInt(digits.slice(4, 6), 16),
    };
  }
  const fn = FUNCTION.exec(value);
  if (!fn) return null;
  const args = parseArgs(fn[2]!);
  if (!args) return null;
  const [a, b, c, alpha] = args as [Arg, Arg, Arg, Arg | undefined];
  if (alpha && alpha.unit === 'deg') return null;
  if (fn[1]!.toLowerCase().startsWith('rgb')) {
    const r = channel(a);
    const g = channel(b);
    const bl = channel(c);
    return r === null || g === null || bl === null ? null : { r, g, b: bl };
  }
  if (a.unit === '%' || b.unit === 'deg' || c.unit === 'deg') return null;
  const hue = ((a.value % 360) + 360) % 360;
  return fromHsl(hue, clamp(b.value, 0, 100) / 100, clamp(c.value, 0, 100) / 100);
}

/** `#rrggbb` for a colour. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((n) =>
      Math.round(clamp(n, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `to` into `from` by `amount` (0 = from, 1 = to) in sRGB. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  const t = clamp(amount, 0, 1);
  return {
    r: Math.round(from.r + (to.r - from.r) * t),
    g: Math.round(from.g + (to.g - from.g) * t),
    b: Math.round(from.b + (to.b - from.b) * t),
  };
}

const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** The WCAG AA minimum for body text. */
export const AA_TEXT_CONTRAST = 4.5;

function worstContrast(color: Rgb, backgrounds: readonly Rgb[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(color, background)));
}

function bestPole(backgrounds: readonly Rgb[]): Rgb {
  return worstContrast(WHITE, backgrounds) >= worstContrast(BLACK, backgrounds) ? WHITE : BLACK;
}

/** Whether some colour (black or white at worst) reaches `minimum` against all `backgrounds`. */
export function canReachContrast(backgrounds: readonly Rgb[], minimum = AA_TEXT_CONTRAST): boolean {
  return worstContrast(bestPole(backgrounds), backgrounds) >= minimum;
}

/**
 * Returns `foreground` unchanged when it reaches `minimum` contrast against every background,
 * otherwise the colour closest to it (mixed towards black or white, whichever contrasts more)
 * that does. Against a single background black or white always reach 4.5:1; for several,
 * check {@link canReachContrast} first.
 */
export function ensureContrast(foreground: Rgb, background: Rgb | readonly Rgb[], minimum = AA_TEXT_CONTRAST): Rgb {
  const backgrounds = 'r' in background ? [background] : background;
  if (worstContrast(foreground, backgrounds) >= minimum) return foreground;
  const pole = bestPole(backgrounds);
  let low = 0;
  let high = 1;
  for (let i = 0; i < 16; i++) {
    const middle = (low + high) / 2;
    if (worstContrast(mix(foreground, pole, middle), backgrounds) >= minimum) high = middle;
    else low = middle;
  }
  const adjusted = mix(foreground, pole, high);
  // Rounding to whole channels can land a hair under the line; the pole itself never does.
  return worstContrast(adjusted, backgrounds) >= minimum ? adjusted : pole;
}
