import { BASE_CSS, type Branding, paletteProperties, resolvePalette } from '@hearken/ui';
import { CHANGELOG_CSS } from '../view/changelog-css.ts';
import { ISSUES_CSS } from '../view/issues-css.ts';
import { ROADMAP_CSS } from '../view/styles.ts';

const declarations = (properties: Record<string, string>) =>
  Object.entries(properties)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');

/**
 * The palette as rules on `data-scheme`, where the element sets it inline: `light`, `dark`, and
 * `auto` following the reader's setting (a server cannot know it).
 */
export function paletteCss(branding: Branding | null | undefined): string {
  const light = declarations(paletteProperties(resolvePalette(branding, 'light')));
  const dark = declarations(paletteProperties(resolvePalette(branding, 'dark')));
  return [
    `.hk-root[data-scheme=light],.hk-root[data-scheme=auto]{color-scheme:light;${light}}`,
    `.hk-root[data-scheme=dark]{${dark}}`,
    `@media (prefers-color-scheme:dark){.hk-root[data-scheme=auto]{color-scheme:dark;${dark}}}`,
  ].join('\n');
}

// A progress bar's width by its value, where the element sets it inline.
const progressCss = Array.from(
  { length: 101 },
  (_, value) => `.hk-progress[aria-valuenow="${value}"]>.hk-progress-fill{inline-size:${value}%}`,
).join('\n');

/**
 * Every style of the server-rendered roadmap: the element's own stylesheets, the default palettes
 * and the progress widths. Serve it as a file (the build writes it to `dist/roadmap.css`) and pass
 * its URL as `stylesheet`, or pass a `nonce` to have it inlined.
 */
export const SERVER_CSS: string = [
  BASE_CSS,
  ROADMAP_CSS,
  ISSUES_CSS,
  CHANGELOG_CSS,
  paletteCss(null),
  progressCss,
].join('\n');
