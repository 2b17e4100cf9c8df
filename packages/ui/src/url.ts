const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A URL rich text may use, normalised, or `null`: links allow http, https and mailto;
 * images only https. Relative URLs are refused because the widget runs on someone else's page.
 */
export function safeUrl(value: string | null | undefined, kind: 'link' | 'image'): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const allowed = kind === 'image' ? url.protocol === 'https:' : LINK_PROTOCOLS.has(url.protocol);
  return allowed ? url.href : null;
}
