/**
 * Lays an email out twice, as plain text and as HTML, from the same parts. In the HTML every
 * value (issue titles, names, message text) is escaped by Hono's `html` template, so a hostile
 * title shows as text and never becomes markup.
 */
import { html } from 'hono/html';
import { type MailLanguage, RTL_LANGUAGES } from './strings.ts';

/** The workspace's portal branding, as the mail shows it. */
export interface MailBranding {
  name: string;
  logoUrl: string | null;
  accentColor: string | null;
  accentTextColor: string | null;
}

export interface MailLink {
  label: string;
  url: string;
}

/** What an email says, in its language, before it is laid out. */
export interface MailParts {
  language: MailLanguage;
  branding: MailBranding;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** A list under the paragraphs (changes, shipped issues). */
  items?: string[];
  /** A member's message, kept as written (line breaks and all). */
  quote?: string;
  /** Small print: why this mail came, and how to stop it. */
  footer: { why?: string; links: MailLink[] };
}

const DEFAULT_ACCENT = '#2563eb';
const DEFAULT_ACCENT_TEXT = '#ffffff';
/** Colours go into a style attribute: only plain colour values, never arbitrary CSS. */
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i;

const colour = (value: string | null, fallback: string) =>
  value && COLOUR.test(value.trim()) ? value.trim() : fallback;
/** Only web addresses become an image source. */
const webUrl = (value: string | null) => (value && /^https?:\/\//i.test(value) ? value : null);

export function renderText(parts: MailParts): string {
  const blocks = [
    ...parts.paragraphs,
    ...(parts.items?.length ? [parts.items.map((item) => `- ${item}`).join('\n')] : []),
    ...(parts.quote ? [parts.quote] : []),
    '--',
    [parts.footer.why, ...parts.footer.links.map((link) => `${link.label}: ${link.url}`)]
      .filter((line) => line !== undefined)
      .join('\n'),
  ];
  return `${blocks.join('\n\n')}\n`;
}

export async function renderHtml(parts: MailParts): Promise<string> {
  const { branding, language } = parts;
  const accent = colour(branding.accentColor, DEFAULT_ACCENT);
  const accentText = colour(branding.accentTextColor, DEFAULT_ACCENT_TEXT);
  const logo = webUrl(branding.logoUrl);
  const dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
  const page = html`<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${branding.name}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${accent};color:${accentText};padding:16px 24px;font-size:18px;font-weight:600">${
    logo
      ? html`<img src="${logo}" alt="" height="28" style="vertical-align:middle;margin-inline-end:8px;border:0">`
      : ''
  }${branding.name}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
${parts.paragraphs.map((paragraph) => html`<p style="margin:0 0 16px">${paragraph}</p>`)}
${parts.items?.length ? html`<ul style="margin:0 0 16px;padding-inline-start:20px">${parts.items.map((item) => html`<li>${item}</li>`)}</ul>` : ''}
${parts.quote ? html`<div style="white-space:pre-wrap;border-inline-start:3px solid ${accent};padding-inline-start:12px;margin:0 0 16px">${parts.quote}</div>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#52525b">
${parts.footer.why ? html`<p style="margin:0 0 8px">${parts.footer.why}</p>` : ''}
<p style="margin:0">${parts.footer.links.map(
    (link, index) => html`${index > 0 ? ' · ' : ''}<a href="${link.url}" style="color:#52525b">${link.label}</a>`,
  )}</p>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return String(await page);
}
