import { safeUrl } from '@hearken/ui';

/**
 * The host's changelog page as a link: `changelog-url` may be relative to the host page (it is the
 * host's own page, unlike the service's data); only http and https are kept.
 */
export function changelogLink(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = safeUrl(new URL(value, document.baseURI).href, 'link');
    return url?.startsWith('http') ? url : null;
  } catch {
    return null;
  }
}
