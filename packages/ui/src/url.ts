const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/**
 * Hosts browsers count as secure over plain http (the "potentially trustworthy" origins of W3C
 * Secure Contexts): a service run on the developer's own machine, such as the demo, serves its
 * images from there, and an https page loads them without a mixed-content warning.
 */
const LOOPBACK = /^(?:localhost|[\w-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * A URL rich text may use, normalised, or `null`: links allow http, https and mailto;
 * images https, or http on a loopback host. Relative URLs are refused because the widget runs on
 * someone else's page.
 */
export function safeUrl(value: string | null | undefined, kind: 'link' | 'image'): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const allowed =
    kind === 'image'
      ? url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))
      : LINK_PROTOCOLS.has(url.protocol);
  return allowed ? url.href : null;
}
